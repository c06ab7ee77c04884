// Types of scripts/software-gl.mjs for the TypeScript that imports it (playwright.config.ts,
// bench/map-draw.ts); the script itself runs in plain Node.
export declare const CHROMIUM: { path: string; package: string };
export declare const MESA_FILES: { path: string; package: string }[];
export declare function softwareGlArgs(exists: (path: string) => boolean): string[];

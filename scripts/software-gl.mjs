// Which browser the tests drive, and where it draws their WebGL. Chromium has no GPU here, so
// the map is drawn in software: by Mesa's llvmpipe through ANGLE's EGL backend when Debian's Mesa
// is installed (the same views for about 15% less CPU than SwiftShader, measured over the
// location and small-screen specs), else by the SwiftShader Chromium carries.
// scripts/ensure-chromium.mjs installs the browser and Mesa.

/**
 * The browser the tests and `npm run bench:map` drive: Debian's Chromium headless shell, the
 * same engine without the browser's own interface. The full browser in headless mode starts,
 * with every new context (one per test), a renderer for its own window's interface (about 1.6
 * CPU s) and one more unused one: a page load to the map's rest took 12.7 CPU s there and 8.5
 * in the shell, and the location, small-screens and area-storage specs 489 against 371 CPU s.
 */
export const CHROMIUM = {
  path: '/usr/lib/chromium/chromium-headless-shell',
  package: 'chromium-headless-shell',
};

const TRIPLET = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }[process.arch];

/** Mesa's EGL and its llvmpipe driver, with the Debian package each comes from. */
export const MESA_FILES = TRIPLET
  ? [
      { path: `/usr/lib/${TRIPLET}/libEGL_mesa.so.0`, package: 'libegl-mesa0' },
      { path: `/usr/lib/${TRIPLET}/dri/swrast_dri.so`, package: 'libgl1-mesa-dri' },
    ]
  : [];

/**
 * Chromium's flags for software WebGL: llvmpipe when every Mesa file is there, else SwiftShader.
 * @param {(path: string) => boolean} exists
 * @returns {string[]}
 */
export function softwareGlArgs(exists) {
  const mesa = MESA_FILES.length > 0 && MESA_FILES.every((file) => exists(file.path));
  return mesa
    ? ['--use-gl=angle', '--use-angle=gl-egl']
    : ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
}

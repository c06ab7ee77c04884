// The browser tests' WebGL: Mesa's llvmpipe when all of Mesa is there, SwiftShader otherwise.
import { describe, expect, it } from 'vitest';
import { MESA_FILES, softwareGlArgs } from './software-gl.mjs';

describe('softwareGlArgs', () => {
  it('draws with llvmpipe through ANGLE’s EGL backend when every Mesa file is present', () => {
    expect(MESA_FILES.map((f) => f.package)).toEqual(['libegl-mesa0', 'libgl1-mesa-dri']);
    expect(softwareGlArgs(() => true)).toEqual(['--use-gl=angle', '--use-angle=gl-egl']);
  });

  it('falls back to SwiftShader when any Mesa file is missing', () => {
    for (const missing of MESA_FILES) {
      expect(softwareGlArgs((path) => path !== missing.path)).toEqual([
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { LayerSpecification } from 'maplibre-gl';
import { buildBasemapStyle, fontFaces } from './basemap-style';
import * as fabricLayers from './layers/fabric';

function textFonts(layers: LayerSpecification[]): string[] {
  const fonts = new Set<string>();
  for (const layer of layers) {
    if (layer.type !== 'symbol') continue;
    const font = layer.layout?.['text-font'];
    if (Array.isArray(font) && typeof font[0] === 'string') fonts.add(font[0]);
  }
  return [...fonts];
}

describe('basemap style', () => {
  it('needs no glyph server and declares a shipped file for every label font', () => {
    const style = buildBasemapStyle('https://maps.example.org/app/');
    expect(style.glyphs).toBeUndefined();
    const declared = Object.keys(style['font-faces'] ?? {});
    const layers = [...style.layers, ...Object.values(fabricLayers)];
    const used = textFonts(layers);
    expect(used.length).toBeGreaterThan(0);
    for (const font of used) expect(declared, font).toContain(font);
  });

  it('resolves font files against the page, so the app works under a sub-path', () => {
    const faces = fontFaces('https://maps.example.org/app/index.html');
    for (const url of Object.values(faces)) {
      expect(url).toMatch(/^https:\/\/maps\.example\.org\/app\/fonts\/.+\.woff2$/);
    }
  });
});

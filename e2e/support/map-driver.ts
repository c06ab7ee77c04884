// Drives the one MapLibre map through the test handle (src/map/test-handle.ts): waits on the
// map's own events instead of sleeps, and turns lng/lat into clicks on the canvas.
import { expect, type Page } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';

export type Rgba = [number, number, number, number];

/** The window property src/map/test-handle.ts sets; passed into the page by name. */
const handleName = '__coverageMap';
type MapWindow = Record<string, MapLibreMap | undefined>;

export class MapDriver {
  constructor(readonly page: Page) {}

  /** The map canvas, found by role as a screen reader would (MapLibre labels it "Map"). */
  get region() {
    return this.page.getByRole('region', { name: 'Map' });
  }

  /** MapLibre's attribution: the disclosure whose toggle is labelled "Toggle attribution". */
  get attribution() {
    return this.page.getByRole('group').filter({ has: this.page.getByLabel('Toggle attribution') });
  }

  /** The aim shown while the map has keyboard focus: where Enter acts. */
  get keyboardCross() {
    return this.page.getByTestId('map:keyboard-cross');
  }

  /** Waits until the map exists and its style has loaded. */
  async waitForMap(timeoutMs = 15_000): Promise<void> {
    await this.page.waitForFunction(
      (name) => {
        const map = (window as unknown as MapWindow)[name];
        return map !== undefined && map.isStyleLoaded() !== false;
      },
      handleName,
      { timeout: timeoutMs },
    );
  }

  /**
   * Waits for the map's `idle` event: nothing moving, every tile of every source loaded and
   * drawn. A repaint is requested first so the event fires even when the map already rests.
   * The app may start a camera move in reaction to what it has just rendered (a flight to a
   * location whose record arrived), so the map must still rest a frame and a task after the
   * event; if it moves again, this waits for the next one.
   */
  async waitForIdle(timeoutMs = 30_000): Promise<void> {
    // Loading the style gets the same time as coming to rest: a huge software-drawn canvas on
    // a busy machine can take more than waitForMap's default 15 s.
    await this.waitForMap(timeoutMs);
    await this.page.evaluate(
      async ({ name, timeout }) => {
        const map = (window as unknown as MapWindow)[name];
        if (!map) throw new Error('the map test handle is missing');
        const deadline = performance.now() + timeout;
        for (;;) {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`the map did not come to rest within ${timeout} ms`)),
              Math.max(0, deadline - performance.now()),
            );
            map.once('idle', () => {
              clearTimeout(timer);
              resolve();
            });
            map.triggerRepaint();
          });
          await new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 0)));
          if (!map.isMoving()) return;
        }
      },
      { name: handleName, timeout: timeoutMs },
    );
  }

  async jumpTo(view: { lng: number; lat: number; zoom: number }): Promise<void> {
    await this.waitForMap();
    await this.page.evaluate(
      ({ name, to }) => {
        (window as unknown as MapWindow)[name]?.jumpTo({ center: [to.lng, to.lat], zoom: to.zoom });
      },
      { name: handleName, to: view },
    );
    await this.waitForIdle();
  }

  async view(): Promise<{ lng: number; lat: number; zoom: number }> {
    return this.page.evaluate((name) => {
      const map = (window as unknown as MapWindow)[name];
      if (!map) throw new Error('the map test handle is missing');
      const c = map.getCenter();
      return { lng: c.lng, lat: c.lat, zoom: map.getZoom() };
    }, handleName);
  }

  /** The visible map's edges in degrees. */
  async bounds(): Promise<{ west: number; south: number; east: number; north: number }> {
    return this.page.evaluate((name) => {
      const map = (window as unknown as MapWindow)[name];
      if (!map) throw new Error('the map test handle is missing');
      const b = map.getBounds();
      return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
    }, handleName);
  }

  /**
   * A colour the running style paints with (say the background layer's), as RGB: read from
   * the map, not from the app's palette, and normalised by the browser's own colour parser.
   */
  async paintColor(
    layerId: string,
    property: Parameters<MapLibreMap['getPaintProperty']>[1],
  ): Promise<[number, number, number]> {
    const hex = await this.page.evaluate(
      ({ name, layer, prop }) => {
        const map = (window as unknown as MapWindow)[name];
        if (!map) throw new Error('the map test handle is missing');
        const value: unknown = map.getPaintProperty(layer, prop);
        if (typeof value !== 'string') throw new Error(`${layer} ${prop} is not one colour`);
        const context = document.createElement('canvas').getContext('2d')!;
        context.fillStyle = value;
        return context.fillStyle;
      },
      { name: handleName, layer: layerId, prop: property },
    );
    // The canvas writes an opaque colour as #rrggbb, a translucent one as rgba(...).
    if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`${layerId} ${property} is ${hex}`);
    return hexToRgb(hex);
  }

  /** Page coordinates (CSS pixels) of a lng/lat on the map. */
  async project(lng: number, lat: number): Promise<{ x: number; y: number }> {
    return this.page.evaluate(
      ({ name, at }) => {
        const map = (window as unknown as MapWindow)[name];
        if (!map) throw new Error('the map test handle is missing');
        const point = map.project([at.lng, at.lat]);
        const box = map.getCanvas().getBoundingClientRect();
        return { x: box.left + point.x, y: box.top + point.y };
      },
      { name: handleName, at: { lng, lat } },
    );
  }

  /**
   * The part of the map its padding leaves, in page coordinates (CSS pixels): what the planner
   * sees once the cards and a floating panel are taken off. Its middle (visibleCentre) is the
   * map's centre, where a flight lands and the keyboard cross shows.
   */
  async visibleBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    return this.page.evaluate((name) => {
      const map = (window as unknown as MapWindow)[name];
      if (!map) throw new Error('the map test handle is missing');
      const { top = 0, bottom = 0, left = 0, right = 0 } = map.getPadding();
      const box = map.getCanvas().getBoundingClientRect();
      return {
        x: box.left + left,
        y: box.top + top,
        width: box.width - left - right,
        height: box.height - top - bottom,
      };
    }, handleName);
  }

  /** Page coordinates of the middle of visibleBox(). */
  async visibleCentre(): Promise<{ x: number; y: number }> {
    const b = await this.visibleBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }

  /** What covers the map at a point (a legend card, a panel), or null where the map shows. */
  async coveredAt(lng: number, lat: number): Promise<string | null> {
    const { x, y } = await this.project(lng, lat);
    return this.page.evaluate(
      ([px, py]) => {
        const e = document.elementFromPoint(px, py);
        return e instanceof HTMLCanvasElement ? null : (e?.outerHTML.slice(0, 80) ?? 'nothing');
      },
      [x, y],
    );
  }

  /** Clicks the map at lng/lat with the real mouse (so MapLibre's handlers see it). */
  async clickAt(lng: number, lat: number): Promise<void> {
    // A card over the map would take the click: say so rather than time out later.
    const cover = await this.coveredAt(lng, lat);
    if (cover !== null) throw new Error(`the map is covered at ${lng}, ${lat} by ${cover}`);
    const { x, y } = await this.project(lng, lat);
    await this.page.mouse.click(x, y);
  }

  /**
   * Nearby spots (nearest first) where no location dot of `dotLayers` has its centre within
   * `clearPx` (its radius and the app's slop included): a click there reads what lies under it
   * (a hexagon), not the location a planner points at.
   */
  async spotsClearOf(
    lng: number,
    lat: number,
    dotLayers: readonly string[],
    clearPx = 12,
  ): Promise<Array<{ lng: number; lat: number }>> {
    return this.page.evaluate(
      ({ name, at, layers, clear }) => {
        const map = (window as unknown as MapWindow)[name];
        if (!map) throw new Error('the map test handle is missing');
        const reach = 80;
        const centre = map.project([at.lng, at.lat]);
        // One query for every dot around, then the clear spots by distance to them.
        const dots = map
          .queryRenderedFeatures(
            [
              [centre.x - reach - clear, centre.y - reach - clear],
              [centre.x + reach + clear, centre.y + reach + clear],
            ],
            { layers: layers.filter((id) => map.getLayer(id) !== undefined) },
          )
          .flatMap((f) =>
            f.geometry.type === 'Point'
              ? [map.project(f.geometry.coordinates as [number, number])]
              : [],
          );
        const spots: Array<{ lng: number; lat: number; d: number }> = [];
        for (let dy = -reach; dy <= reach; dy += 3) {
          for (let dx = -reach; dx <= reach; dx += 3) {
            const x = centre.x + dx;
            const y = centre.y + dy;
            if (dots.some((p) => Math.abs(p.x - x) <= clear && Math.abs(p.y - y) <= clear))
              continue;
            const ll = map.unproject([x, y]);
            spots.push({ lng: ll.lng, lat: ll.lat, d: dx * dx + dy * dy });
          }
        }
        return spots.sort((a, b) => a.d - b.d).map(({ lng: x, lat: y }) => ({ lng: x, lat: y }));
      },
      { name: handleName, at: { lng, lat }, layers: [...dotLayers], clear: clearPx },
    );
  }

  /** Properties of the features drawn in a layer (the whole viewport, or around a lng/lat). */
  async renderedFeatures(
    layerId: string,
    near?: { lng: number; lat: number; radiusPx?: number },
  ): Promise<Record<string, unknown>[]> {
    return this.page.evaluate(
      ({ name, layer, around }) => {
        const map = (window as unknown as MapWindow)[name];
        if (!map) throw new Error('the map test handle is missing');
        if (!map.getLayer(layer)) return [];
        if (!around) {
          return map.queryRenderedFeatures({ layers: [layer] }).map((f) => ({ ...f.properties }));
        }
        const p = map.project([around.lng, around.lat]);
        const r = around.radiusPx ?? 4;
        return map
          .queryRenderedFeatures(
            [
              [p.x - r, p.y - r],
              [p.x + r, p.y + r],
            ],
            { layers: [layer] },
          )
          .map((f) => ({ ...f.properties }));
      },
      { name: handleName, layer: layerId, around: near ?? null },
    );
  }

  /** Waits until a layer draws at least `min` features. */
  async expectRendered(layerId: string, min = 1): Promise<void> {
    await this.waitForMap();
    await expect
      .poll(async () => (await this.renderedFeatures(layerId)).length, {
        message: `features drawn in layer ${layerId}`,
      })
      .toBeGreaterThanOrEqual(min);
  }

  /**
   * Reads back canvas pixels on a `grid`×`grid` lattice (drawing buffer coordinates). Works
   * because the map keeps its drawing buffer (create-map.ts).
   */
  async samplePixels(grid = 8): Promise<Rgba[]> {
    return this.page.evaluate(
      ({ name, n }) => {
        const map = (window as unknown as MapWindow)[name];
        if (!map) throw new Error('the map test handle is missing');
        const canvas = map.getCanvas();
        const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
        if (!gl) throw new Error('the map canvas has no WebGL context');
        const out: [number, number, number, number][] = [];
        const pixel = new Uint8Array(4);
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            const x = Math.floor(((i + 0.5) / n) * gl.drawingBufferWidth);
            const y = Math.floor(((j + 0.5) / n) * gl.drawingBufferHeight);
            gl.readPixels(x, y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            out.push([pixel[0], pixel[1], pixel[2], pixel[3]]);
          }
        }
        return out;
      },
      { name: handleName, n: grid },
    );
  }
}

/** "#dfe5ec" → [223, 229, 236]. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Largest channel difference between a sampled pixel and a colour. */
export function colorDistance(pixel: Rgba, rgb: [number, number, number]): number {
  return Math.max(
    Math.abs(pixel[0] - rgb[0]),
    Math.abs(pixel[1] - rgb[1]),
    Math.abs(pixel[2] - rgb[2]),
  );
}

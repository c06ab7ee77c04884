// The map benchmark's table: per view, with the fixed layer on and off, the first run's time
// and p50 and p90 of the others, the ratio of p50 to the baseline's, what was drawn and the
// fixed layer's own tiles; the compare view's ratio is to the same view with the fixed layer
// on and no comparison. And the figures for --json.
import type { CompareWith } from './map-page';
import type { MapView } from './map-views';

export interface Case {
  view: MapView;
  fixed: boolean;
  /** Compare mode on, with this release (README, "Compare releases"); null otherwise. */
  compare: CompareWith | null;
  first: number;
  times: number[];
  drawn: number;
  tiles: number[];
  slowestTile: number[];
}

/** The fixed broadband map figure: idle → drawn on the embedded backend, with the fixed layer on. */
const TARGET_MS: Record<string, number> = { street: 300, county: 1000 };
const round = (n: number) => Math.round(n);
const quantile = (values: number[], q: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

export function report(
  cases: Case[],
  runs: number,
  log: (line: string) => void,
): Record<string, number> {
  const figures: Record<string, number> = {};
  log(`idle → drawn, ms (first: the service's caches empty; p50 and p90 over ${runs} more runs)`);
  log('  view    fixed layer   first    p50    p90   p50 / baseline   drawn, fixed tiles');
  for (const c of cases) {
    // A compare run's baseline is the same view without the comparison.
    const base = c.compare
      ? cases.find((b) => b.view === c.view && b.fixed && !b.compare)!
      : cases.find((b) => b.view === c.view && !b.fixed)!;
    const [p50, p90] = [quantile(c.times, 0.5), quantile(c.times, 0.9)];
    const ratio = p50 / quantile(base.times, 0.5);
    // The fixed layer's own tiles: how many, and when the slowest came back (first run; p50).
    const drawn = c.fixed
      ? `${c.drawn} ${c.view.name === 'street' ? 'locations' : 'hexagons'}, ${c.tiles[0]} tiles, the slowest back in ${round(c.slowestTile[0]!)} ms first, p50 ${round(quantile(c.slowestTile.slice(1), 0.5))} ms`
      : '';
    log(
      `  ${c.view.name.padEnd(7)} ${(c.compare ? 'on, compare' : c.fixed ? 'on' : 'off (baseline)').padEnd(14)}${String(round(c.first)).padStart(5)} ${String(round(p50)).padStart(6)} ${String(round(p90)).padStart(6)} ${(c.fixed ? ratio.toFixed(2) : '').padStart(16)}   ${drawn}`,
    );
    const key = `${c.view.name}_${c.compare ? 'compare' : c.fixed ? 'fixed' : 'baseline'}`;
    Object.assign(figures, {
      [`${key}_first_ms`]: round(c.first),
      [`${key}_p50_ms`]: round(p50),
      [`${key}_p90_ms`]: round(p90),
    });
    if (c.fixed)
      Object.assign(figures, {
        [`${key}_ratio`]: Number(ratio.toFixed(2)),
        [`${key}_drawn`]: c.drawn,
        [`${key}_slowest_tile_p50_ms`]: round(quantile(c.slowestTile.slice(1), 0.5)),
      });
  }
  // SwiftShader draws on the CPU: the baseline is slow here too, so the ratio is the figure
  // that carries over to a planner's browser.
  log('targets (fixed layer on, p50; software GPU, so read them beside the baseline):');
  for (const c of cases.filter((k) => k.fixed && !k.compare && TARGET_MS[k.view.name])) {
    const target = TARGET_MS[c.view.name]!;
    log(`  ${c.view.name} ≤ ${target} ms: ${quantile(c.times, 0.5) <= target ? 'met' : 'MISSED'}`);
  }
  return figures;
}

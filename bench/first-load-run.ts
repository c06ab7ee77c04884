// The first-load part of `npm run bench:map`: runs of the app and the bare map taking turns (a
// new browser context each), then p50 and p90 of each, their ratio (the goal: the app's first
// hexagons within 1.5× the bare map's boundaries), and the app's first view's bytes by kind.
import type { Browser } from '@playwright/test';
import {
  appFirstLoad,
  bareFirstLoad,
  type FirstLoad,
  type Link,
  type WireKind,
} from './first-load';

const GOAL_RATIO = 1.5;
const quantile = (values: number[], q: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const kB = (n: number) => (n / 1000).toFixed(1);

export async function runFirstLoad(
  browser: Browser,
  url: string,
  runs: number,
  link: Link | null,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const app: FirstLoad[] = [];
  const bare: FirstLoad[] = [];
  log(
    `first load: navigation start → drawn, ${runs} runs each, ${link ? `a ${link.mbps} Mbit/s link with ${link.rttMs} ms round trips` : 'loopback, unthrottled'}`,
  );
  for (let run = 0; run < runs; run++) {
    // Taking turns, so neither always meets the server warmer.
    if (run % 2 === 0) {
      app.push(await appFirstLoad(browser, url, link));
      bare.push(await bareFirstLoad(browser, url, link));
    } else {
      bare.push(await bareFirstLoad(browser, url, link));
      app.push(await appFirstLoad(browser, url, link));
    }
  }
  const p = (loads: FirstLoad[], q: number) =>
    Math.round(
      quantile(
        loads.map((l) => l.ms),
        q,
      ),
    );
  const ratio = p(app, 0.5) / p(bare, 0.5);
  log('  page                          p50     p90');
  log(
    `  app, first hexagons       ${String(p(app, 0.5)).padStart(7)} ${String(p(app, 0.9)).padStart(7)}`,
  );
  log(
    `  bare map, boundaries      ${String(p(bare, 0.5)).padStart(7)} ${String(p(bare, 0.9)).padStart(7)}`,
  );
  log(
    `  ratio ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'met' : 'MISSED'})`,
  );
  const figures: Record<string, number> = {
    first_load_app_p50_ms: p(app, 0.5),
    first_load_app_p90_ms: p(app, 0.9),
    first_load_bare_p50_ms: p(bare, 0.5),
    first_load_bare_p90_ms: p(bare, 0.9),
    first_load_ratio: Number(ratio.toFixed(2)),
  };
  // Bytes of the first run (each run starts with an empty cache, so they are alike).
  for (const [name, loads] of [
    ['app', app],
    ['bare', bare],
  ] as const) {
    const bytes = loads[0]!.bytes;
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    const kinds = (Object.keys(bytes) as WireKind[]).map((k) => `${k} ${kB(bytes[k])}`).join(', ');
    log(`  ${name} bytes on the wire, kB: ${kinds}; total ${kB(total)}`);
    for (const k of Object.keys(bytes) as WireKind[])
      figures[`first_load_${name}_${k}_bytes`] = bytes[k];
  }
  return figures;
}

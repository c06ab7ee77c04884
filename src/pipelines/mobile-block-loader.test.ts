import { describe, expect, it } from 'vitest';
import { createBlockLoader, type MobileTransport } from './mobile-block-loader';

interface Rec {
  h3_res9_id: string;
}

class Refused extends Error {}

/** A fake backend that records every call and answers one record per cell. */
function fakeTransport(opts: { bulk: 'ok' | 'refused' | 'broken'; singleDelayMs?: number }) {
  const calls = { bulk: [] as string[][], single: [] as string[], maxInFlight: 0 };
  let inFlight = 0;
  const transport: MobileTransport<Rec> = {
    async bulk(_vintage, cells) {
      calls.bulk.push(cells);
      if (opts.bulk === 'refused') throw new Refused('405');
      if (opts.bulk === 'broken') throw new Error('500');
      return cells.map((cell) => ({ h3_res9_id: cell }));
    },
    async single(_vintage, cell, signal) {
      calls.single.push(cell);
      inFlight++;
      calls.maxInFlight = Math.max(calls.maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, opts.singleDelayMs ?? 1));
      inFlight--;
      if (signal.aborted) throw signal.reason;
      return [{ h3_res9_id: cell }];
    },
    refusesBulk: (error) => error instanceof Refused,
  };
  return { transport, calls };
}

const block = (name: string, n = 49) => Array.from({ length: n }, (_, i) => `${name}-${i}`);
const signal = () => new AbortController().signal;

describe('createBlockLoader', () => {
  it('sends blocks asked for together in bulk requests of at most 1000 cells', async () => {
    const { transport, calls } = fakeTransport({ bulk: 'ok' });
    const loader = createBlockLoader(transport);
    const blocks = Array.from({ length: 45 }, (_, i) => block(`b${i}`));
    const answers = await Promise.all(
      blocks.map((cells) => loader.load('202506', cells, signal())),
    );
    expect(calls.bulk).toHaveLength(3);
    expect(calls.bulk.every((cells) => cells.length <= 1000)).toBe(true);
    answers.forEach((records, i) => expect(records.map((r) => r.h3_res9_id)).toEqual(blocks[i]));
  });

  it('falls back to one GET per cell, at most 6 in flight, when bulk is refused', async () => {
    const { transport, calls } = fakeTransport({ bulk: 'refused' });
    const loader = createBlockLoader(transport);
    const records = [await loader.load('202506', block('a', 20), signal())];
    expect(records[0]).toHaveLength(20);
    expect(calls.single).toHaveLength(20);
    expect(calls.maxInFlight).toBeLessThanOrEqual(6);
    expect(loader.bulkRefused).toBe(true);
    await loader.load('202506', block('b', 3), signal());
    expect(calls.bulk).toHaveLength(1); // not asked again once refused
  });

  it('passes other errors to the block instead of falling back', async () => {
    const { transport, calls } = fakeTransport({ bulk: 'broken' });
    const loader = createBlockLoader(transport);
    await expect(loader.load('202506', block('a'), signal())).rejects.toThrow('500');
    expect(calls.single).toHaveLength(0);
  });

  it('does not send a block whose query was cancelled before the batch left', async () => {
    const { transport, calls } = fakeTransport({ bulk: 'ok' });
    const loader = createBlockLoader(transport);
    const gone = new AbortController();
    const cancelled = loader.load('202506', block('gone'), gone.signal);
    const settled = cancelled.then(
      () => 'resolved',
      () => 'rejected',
    );
    const kept = loader.load('202506', block('kept'), signal());
    gone.abort();
    await expect(kept).resolves.toHaveLength(49);
    expect(await settled).toBe('rejected');
    expect(calls.bulk).toEqual([block('kept')]);
  });

  it('stops queued single requests of a cancelled block', async () => {
    const { transport, calls } = fakeTransport({ bulk: 'refused', singleDelayMs: 5 });
    const loader = createBlockLoader(transport);
    const controller = new AbortController();
    const pending = loader.load('202506', block('a'), controller.signal);
    setTimeout(() => controller.abort(), 8);
    await expect(pending).rejects.toBeDefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.single.length).toBeLessThan(49);
  });
});

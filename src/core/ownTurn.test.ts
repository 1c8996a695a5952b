import { describe, expect, it } from 'vitest';
import { ownTurn } from './ownTurn.js';
import { runInBulkLane, runInSeriesLane } from './workLane.js';

describe('ownTurn', () => {
  it('resumes its callers one per turn of the event loop, in the order they asked', async () => {
    // A counter of the loop's turns (one immediate a turn, re-queued each time it runs).
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const resumed: { caller: number; turn: number }[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (caller) => {
        await ownTurn();
        resumed.push({ caller, turn });
      }),
    );
    counting = false;
    expect(resumed.map((r) => r.caller)).toEqual([0, 1, 2, 3]);
    // Four different turns, where `await new Promise(setImmediate)` would resume all four in one.
    expect(new Set(resumed.map((r) => r.turn)).size).toBe(4);
  });

  it('resumes every caller even when more ask while it is resuming', async () => {
    let resumed = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        await ownTurn();
        resumed += 1;
        await ownTurn();
        resumed += 1;
      }),
    );
    expect(resumed).toBe(100);
  });

  it('resumes interactive callers before the bulk lane\'s that asked earlier', async () => {
    const resumed: string[] = [];
    const area = Array.from({ length: 3 }, (_, i) =>
      runInBulkLane(async () => {
        await ownTurn();
        resumed.push(`area ${i}`);
      }),
    );
    const point = (async () => {
      await ownTurn();
      resumed.push('point');
    })();
    await Promise.all([...area, point]);
    expect(resumed).toEqual(['point', 'area 0', 'area 1', 'area 2']);
  });

  it('resumes lane by lane: interactive, then a series, then the bulk lane, whatever order they asked in', async () => {
    const resumed: string[] = [];
    const asked = [
      runInBulkLane(async () => {
        await ownTurn();
        resumed.push('area');
      }),
      runInSeriesLane(async () => {
        await ownTurn();
        resumed.push('series');
      }),
      (async () => {
        await ownTurn();
        resumed.push('image');
      })(),
    ];
    await Promise.all(asked);
    expect(resumed).toEqual(['image', 'series', 'area']);
  });
});

import { mapInOrder } from './map-in-order';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapInOrder', () => {
  it('keeps input order and never runs more than `limit` at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapInOrder([30, 5, 20, 1, 10], 2, async (ms) => {
      running++;
      peak = Math.max(peak, running);
      await tick(ms);
      running--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20]);
    expect(peak).toBe(2);
  });

  it('starts nothing new after a failure, waits for work in flight, then throws the first error', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = mapInOrder([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      if (n === 1) {
        await tick(1);
        throw new Error('first');
      }
      await tick(20);
      finished.push(n);
      return n;
    });
    await expect(run).rejects.toThrow('first');
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([2]);
  });

  it('refuses a limit below 1', async () => {
    await expect(mapInOrder([1], 0, async (n) => n)).rejects.toThrow(RangeError);
  });
});

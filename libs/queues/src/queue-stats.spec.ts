import { statsRows, waitingSinceMs, type QueueStats } from './queue-stats';

const T = Date.parse('2026-03-31T12:00:00.000Z');

describe('waitingSinceMs', () => {
  it('counts a job from when it was added, a delayed one from when it became due', () => {
    expect(waitingSinceMs({ timestamp: T, opts: {}, processedOn: undefined })).toBe(T);
    expect(waitingSinceMs({ timestamp: T, opts: { delay: 60_000 }, processedOn: undefined })).toBe(
      T + 60_000,
    );
  });

  it('counts a retried job from its last attempt at the earliest', () => {
    expect(waitingSinceMs({ timestamp: T, opts: {}, processedOn: T + 5_000 })).toBe(T + 5_000);
  });
});

describe('statsRows', () => {
  const stats = (waiting: number, prioritized = 0): QueueStats => ({
    waiting,
    active: 0,
    delayed: 0,
    failed: 0,
    prioritized,
    oldestWaitingAgeSeconds: 0,
  });

  it('sorts by queue and gives each queue what its dead-letter queue holds', () => {
    const rows = statsRows(
      new Map([
        ['mail-dlq', stats(2, 1)],
        ['mail', stats(5)],
        ['audit', stats(0)],
      ]),
      ['mail', 'mail-dlq', 'audit'],
    );
    expect(rows.map((r) => [r.queue, r.waiting, r.deadLettered])).toEqual([
      ['audit', 0, 0],
      ['mail', 5, 3],
      ['mail-dlq', 2, undefined],
    ]);
  });

  it('never makes up a dead-letter count when the dead-letter queue could not be read', () => {
    const rows = statsRows(new Map([['mail', stats(5)]]), ['mail', 'mail-dlq']);
    expect(rows).toEqual([{ queue: 'mail', ...stats(5) }]);
    expect(rows[0]).not.toHaveProperty('deadLettered');
  });
});

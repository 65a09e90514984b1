import {
  CONGESTION_LEVELS,
  congestionIndex,
  congestionLevel,
  congestionMedian,
} from './congestion';

describe('congestion index', () => {
  it('weighs waiting 0.6 and wait 0.4 against their baselines, to 1 decimal', () => {
    // 100·(0.6·6/4 + 0.4·30/20) = 100·(0.9 + 0.6) = 150
    expect(
      congestionIndex({ waiting: 6, avgWaitH: 30, baselineWaiting: 4, baselineWaitH: 20 }),
    ).toBe(150);
    // 100·(0.6·3/2 + 0.4·5.25/4) = 142.5 exactly: binary noise must not round it down
    expect(
      congestionIndex({ waiting: 3, avgWaitH: 5.25, baselineWaiting: 2, baselineWaitH: 4 }),
    ).toBe(142.5);
    // 100·(0.6·1/3 + 0.4·7/9) = 51.111… → 51.1
    expect(congestionIndex({ waiting: 1, avgWaitH: 7, baselineWaiting: 3, baselineWaitH: 9 })).toBe(
      51.1,
    );
  });

  it('floors both baselines at 1 and reads a missing value as 0', () => {
    expect(
      congestionIndex({ waiting: 1, avgWaitH: 0.5, baselineWaiting: 0, baselineWaitH: 0.25 }),
    ).toBe(80);
    expect(
      congestionIndex({ waiting: 2, avgWaitH: null, baselineWaiting: null, baselineWaitH: null }),
    ).toBe(120);
    expect(
      congestionIndex({ waiting: 0, avgWaitH: null, baselineWaiting: 5, baselineWaitH: 10 }),
    ).toBe(0);
  });

  it('clamps at 500', () => {
    expect(congestionIndex({ waiting: 9, avgWaitH: 9, baselineWaiting: 1, baselineWaitH: 1 })).toBe(
      500,
    );
    expect(
      congestionIndex({ waiting: 7, avgWaitH: 0.5, baselineWaiting: 1, baselineWaitH: 1 }),
    ).toBe(440);
  });
});

describe('congestion level', () => {
  it.each([
    [0, 'low'],
    [79.9, 'low'],
    [80, 'normal'],
    [119.9, 'normal'],
    [120, 'elevated'],
    [159.9, 'elevated'],
    [160, 'high'],
    [219.9, 'high'],
    [220, 'severe'],
    [500, 'severe'],
  ])('%s is %s', (index, level) => {
    expect(congestionLevel(index)).toBe(level);
  });

  it('lists the bands without gaps', () => {
    for (let i = 1; i < CONGESTION_LEVELS.length; i += 1)
      expect(CONGESTION_LEVELS[i]!.min).toBe(CONGESTION_LEVELS[i - 1]!.max);
    expect(CONGESTION_LEVELS.map((b) => b.level)).toEqual([
      'low',
      'normal',
      'elevated',
      'high',
      'severe',
    ]);
  });
});

describe('congestionMedian', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(congestionMedian([])).toBeNull();
    expect(congestionMedian([5])).toBe(5);
    expect(congestionMedian([9, 1, 4])).toBe(4);
    expect(congestionMedian([4, 1, 9, 2])).toBe(3);
  });
});

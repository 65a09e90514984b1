import {
  compositeDaysBetween,
  dayOfYear,
  latestStartedSeason,
  seasonOfDay,
  seasonSpan,
} from './seasons';

const SUMMER = { startDoy: 120, endDoy: 280 };
const WINTER = { startDoy: 280, endDoy: 180 };

describe('crop seasons', () => {
  it('counts days of year from 1 January, leap days included', () => {
    expect(dayOfYear('2025-01-01')).toBe(1);
    expect(dayOfYear('2025-12-31')).toBe(365);
    expect(dayOfYear('2024-12-31')).toBe(366);
  });

  it('names a season by the year it ends in', () => {
    expect(seasonOfDay('2025-06-01', SUMMER)).toBe(2025);
    expect(seasonOfDay('2025-04-29', SUMMER)).toBe(null); // day 119
    expect(seasonOfDay('2025-04-30', SUMMER)).toBe(2025); // day 120
    expect(seasonOfDay('2025-10-07', SUMMER)).toBe(2025); // day 280
    expect(seasonOfDay('2025-10-08', SUMMER)).toBe(null);
    expect(seasonOfDay('2025-11-01', WINTER)).toBe(2026);
    expect(seasonOfDay('2026-03-01', WINTER)).toBe(2026);
    expect(seasonOfDay('2026-08-01', WINTER)).toBe(null);
  });

  it('spans the new year when the end comes before the start', () => {
    expect(seasonSpan(2025, SUMMER)).toEqual({ start: '2025-04-30', end: '2025-10-07' });
    expect(seasonSpan(2026, WINTER)).toEqual({ start: '2025-10-07', end: '2026-06-29' });
  });

  it('lists the 16-day composites of the calendar inside a span', () => {
    expect(compositeDaysBetween('2025-04-30', '2025-10-07')).toEqual([
      '2025-05-09',
      '2025-05-25',
      '2025-06-10',
      '2025-06-26',
      '2025-07-12',
      '2025-07-28',
      '2025-08-13',
      '2025-08-29',
      '2025-09-14',
      '2025-09-30',
    ]);
    const winter = compositeDaysBetween('2025-10-07', '2026-06-29');
    expect(winter[0]).toBe('2025-10-16');
    expect(winter).toContain('2025-12-19'); // day 353, the year's last composite
    expect(winter).toContain('2026-01-01');
    expect(winter.at(-1)).toBe('2026-06-26');
    expect(winter).toHaveLength(17);
  });

  it('takes the latest season started on a day', () => {
    expect(latestStartedSeason('2025-06-01', SUMMER)).toBe(2025);
    expect(latestStartedSeason('2025-03-01', SUMMER)).toBe(2024);
    expect(latestStartedSeason('2025-11-01', WINTER)).toBe(2026);
    expect(latestStartedSeason('2025-08-01', WINTER)).toBe(2025);
  });
});

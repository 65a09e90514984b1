import { detectDarkGaps, type DarkGapOptions } from './dark-gaps';
import { at, BISCAY, east, fix, ROTTERDAM, SANCTIONS_ZONE } from './track.fixture';

const options = (now: Date, extra: Partial<DarkGapOptions> = {}): DarkGapOptions => ({
  ports: [ROTTERDAM],
  zones: [SANCTIONS_ZONE],
  now,
  ...extra,
});

describe('detectDarkGaps', () => {
  it('finds a silence of exactly 6 h at sea, timed from its last fix', () => {
    const start = fix(0, BISCAY);
    const end = fix(6, east(BISCAY, 60));
    expect(detectDarkGaps([start, fix(-1, BISCAY), end], options(at(6.5)))).toEqual([
      {
        started_at: at(0),
        ended_at: at(6),
        gap_hours: 6,
        start_lat: start.lat,
        start_lon: start.lon,
        end_lat: end.lat,
        end_lon: end.lon,
        occurred_at: at(6),
        severity: 'info',
        confidence: 0.6,
        zone_id: null,
      },
    ]);
  });

  it('ignores a silence of 5.99 h', () => {
    const track = [fix(0, BISCAY), fix(5.99, east(BISCAY, 60))];
    expect(detectDarkGaps(track, options(at(5.99)))).toEqual([]);
  });

  it('ignores a silence that starts or ends within a port anchorage, and counts one just outside', () => {
    const inAnchorage = east(ROTTERDAM, 20, 270); // outside the 8 km port, inside the 25 km anchorage
    const justOutside = east(ROTTERDAM, 26, 270);
    expect(
      detectDarkGaps([fix(0, inAnchorage), fix(10, BISCAY)], options(at(10))).map(
        (gap) => gap.started_at,
      ),
    ).toEqual([]);
    expect(detectDarkGaps([fix(0, BISCAY), fix(10, inAnchorage)], options(at(10)))).toEqual([]);
    expect(detectDarkGaps([fix(0, justOutside), fix(10, BISCAY)], options(at(10)))).toHaveLength(1);
  });

  it('reports a silence still open at now, without an end, when it has lasted 6 h', () => {
    const track = [fix(0, BISCAY), fix(1, east(BISCAY, 20))];
    const [open] = detectDarkGaps(track, options(at(11)));
    expect(open).toMatchObject({
      started_at: at(1),
      ended_at: null,
      gap_hours: 10,
      end_lat: null,
      end_lon: null,
      occurred_at: at(7),
      severity: 'info',
    });
    expect(detectDarkGaps(track, options(at(6.99)))).toEqual([]);
    expect(detectDarkGaps([fix(0, ROTTERDAM)], options(at(30)))).toEqual([]);
    expect(detectDarkGaps([], options(at(30)))).toEqual([]);
  });

  it('grades severity by length: info below 12 h, warning from 12 h, critical from 48 h', () => {
    const grade = (hours: number) =>
      detectDarkGaps([fix(0, BISCAY), fix(hours, BISCAY)], options(at(hours)))[0];
    expect(grade(11.99)).toMatchObject({ severity: 'info' });
    expect(grade(12)).toMatchObject({ severity: 'warning' });
    expect(grade(47.99)).toMatchObject({ severity: 'warning' });
    expect(grade(48)).toMatchObject({ severity: 'critical', confidence: 0.95 });
  });

  it('is critical inside a risk zone, at its start or its end, and names the zone', () => {
    const inZone = east(SANCTIONS_ZONE, 10);
    const startInZone = detectDarkGaps([fix(0, inZone), fix(7, BISCAY)], options(at(7)));
    const endInZone = detectDarkGaps([fix(0, BISCAY), fix(7, inZone)], options(at(7)));
    const openInZone = detectDarkGaps([fix(0, inZone)], options(at(7)));
    for (const [gap] of [startInZone, endInZone, openInZone])
      expect(gap).toMatchObject({ severity: 'critical', zone_id: 'zone-biscay' });
  });

  it('takes another threshold and several gaps in one track', () => {
    const track = [fix(0, BISCAY), fix(3, BISCAY), fix(4, BISCAY), fix(8, BISCAY)];
    const gaps = detectDarkGaps(track, options(at(8), { minGapHours: 3 }));
    expect(gaps.map((gap) => [gap.started_at, gap.occurred_at])).toEqual([
      [at(0), at(3)],
      [at(4), at(7)],
    ]);
  });
});

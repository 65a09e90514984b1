import { haversineNm } from '../geo';
import { detectSpoofing } from './spoofing';
import { at, BISCAY, east, fix, KM_PER_NM } from './track.fixture';

const nmEast = (nm: number) => east(BISCAY, nm * KM_PER_NM);

describe('detectSpoofing', () => {
  it('lets 50.0 kn pass and flags 50.1 kn as an impossible speed', () => {
    const legal = [fix(0, BISCAY), fix(1, nmEast(50)), fix(2, nmEast(60))];
    expect(detectSpoofing(legal)).toEqual([]);
    const fast = [fix(0, BISCAY), fix(1, nmEast(50.1)), fix(2, nmEast(60))];
    const [alert] = detectSpoofing(fast);
    expect(alert).toMatchObject({
      kind: 'impossible_speed',
      severity: 'warning',
      confidence: 0.8,
      occurred_at: at(1),
      implied_speed_kn: 50.1,
      distance_nm: 50.1,
      elapsed_hours: 1,
      details: { max_speed_kn: 50, returned_to: null },
    });
    expect(alert.details.from).toEqual({
      timestamp: at(0).toISOString(),
      lat: BISCAY.lat,
      lon: BISCAY.lon,
      source: null,
    });
    expect(detectSpoofing(fast, { maxSpeedKn: 60 })).toEqual([]);
  });

  it('calls a lone outlier the track returns from a position jump, reported once', () => {
    const track = [
      fix(0, BISCAY),
      fix(0.25, nmEast(200)),
      fix(0.5, nmEast(5)),
      fix(0.75, nmEast(8)),
    ];
    const alerts = detectSpoofing(track);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: 'position_jump',
      severity: 'info',
      confidence: 0.6,
      occurred_at: at(0.25),
      implied_speed_kn: 800,
      details: { returned_to: { timestamp: at(0.5).toISOString() } },
    });
  });

  it('calls a move that lasts an impossible speed, also when it is the last fix', () => {
    const moved = [fix(0, BISCAY), fix(2, nmEast(300)), fix(3, nmEast(310))];
    expect(detectSpoofing(moved).map((a) => a.kind)).toEqual(['impossible_speed']);
    const last = [fix(0, BISCAY), fix(2, nmEast(300))];
    expect(detectSpoofing(last).map((a) => a.kind)).toEqual(['impossible_speed']);
  });

  it('calls two sources far apart within 10 minutes an identity clone', () => {
    const clone = [
      fix(0, BISCAY, { source: 'terrestrial' }),
      fix(10 / 60, nmEast(300), { source: 'satellite' }),
    ];
    expect(detectSpoofing(clone)[0]).toMatchObject({
      kind: 'identity_clone',
      severity: 'critical',
      confidence: 0.9,
      implied_speed_kn: 1800,
    });
    const later = [clone[0], fix(11 / 60, nmEast(300), { source: 'satellite' })];
    expect(detectSpoofing(later)[0].kind).toBe('impossible_speed');
    const sameSource = [clone[0], fix(5 / 60, nmEast(300), { source: 'terrestrial' })];
    expect(detectSpoofing(sameSource)[0].kind).toBe('impossible_speed');
  });

  it('ignores moves under 1 nm, and flags fixes at the same instant far apart', () => {
    const jitter = [fix(0, BISCAY), fix(10 / 3600, nmEast(0.5))];
    expect(detectSpoofing(jitter)).toEqual([]);
    const sameInstant = [fix(0, BISCAY), fix(0, nmEast(5))];
    const [alert] = detectSpoofing(sameInstant);
    expect(alert.kind).toBe('impossible_speed');
    expect(alert.implied_speed_kn).toBeCloseTo(5 * 3600, 0);
  });

  it('reads its distances by haversine in nautical miles', () => {
    const far = nmEast(120);
    expect(haversineNm(BISCAY, far)).toBeCloseTo(120, 9);
    expect(detectSpoofing([fix(0, BISCAY), fix(1, far)])[0].distance_nm).toBe(120);
  });
});

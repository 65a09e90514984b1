import { decodeNmeaBatch } from './decoder';
import { detectDarkGaps } from './detectors/dark-gaps';
import { at, BISCAY, east, ROTTERDAM, SANCTIONS_ZONE } from './detectors/track.fixture';
import { aisCoordinate } from './encoder';
import { haversineKm, initialBearingDeg } from './geo';
import { exportTrackAsNmea, type ExportPosition, type ExportVessel } from './nmea-export';
import { parseTagBlock, splitSentence } from './nmea';

const vessel: ExportVessel = {
  mmsi: '636012345',
  imo: '9074729',
  name: 'Nordic Star',
  callsign: 'D5AB1',
  shipType: 80,
  draughtM: 14.2,
  destination: 'RAS TANURA',
  dimensions: { toBowM: 200, toSternM: 50, toPortM: 22, toStarboardM: 22 },
};

const STEP_HOURS = 0.25;
const STEP_KM = 12 * 1.852 * STEP_HOURS; // 12 kn

/**
 * From a Rotterdam berth to the Bay of Biscay, then into the sanctions zone, a fix every 15 min
 * at 12 kn. A 4 h silence at berth is no dark gap; an 8 h silence at sea is one (info), and a
 * 30 h one ending inside the zone is critical; the track ends in the zone, silent until `now`.
 * Sources follow the seed's rule: terrestrial near port, satellite beyond.
 */
function buildTrack(): ExportPosition[] {
  const track: ExportPosition[] = [];
  let hours = 0;
  let here = east(ROTTERDAM, 1, 270);
  const push = (sogKn: number, draughtM?: number) =>
    track.push({
      timestamp: at(hours),
      lat: here.lat,
      lon: here.lon,
      sogKn,
      cogDeg: 225,
      heading: 224,
      navStatus: sogKn < 1 ? 5 : 0,
      source: track.length < 20 ? 'terrestrial' : 'satellite',
      draughtM,
    });
  for (let i = 0; i < 8; i += 1, hours += STEP_HOURS) push(0);
  hours += 4; // silent at berth
  push(0, 15.1); // loaded: a new draught
  const legs = [
    { to: BISCAY, silenceAtStep: 40, silenceHours: 8 },
    {
      to: { lat: SANCTIONS_ZONE.lat, lon: SANCTIONS_ZONE.lon },
      silenceAtStep: -3,
      silenceHours: 30,
    },
  ];
  for (const leg of legs) {
    const bearing = initialBearingDeg(here, leg.to);
    const steps = Math.floor(haversineKm(here, leg.to) / STEP_KM);
    const silenceAt = leg.silenceAtStep >= 0 ? leg.silenceAtStep : steps + leg.silenceAtStep;
    for (let step = 0; step < steps; step += 1) {
      hours += step === silenceAt ? leg.silenceHours : STEP_HOURS;
      here = east(here, STEP_KM, bearing);
      push(12);
    }
  }
  return track;
}

describe('exportTrackAsNmea', () => {
  const track = buildTrack();
  const lines = exportTrackAsNmea(vessel, track);

  it('writes a tagged type 5 pair first, another on a draught change, then a type 1 per fix', () => {
    expect(lines).toHaveLength(2 + 2 + track.length);
    const first = parseTagBlock(lines[0]);
    expect(first.tags).toEqual({ c: track[0].timestamp.getTime() / 1000, s: 'terrestrial' });
    expect(splitSentence(first.sentence)).toMatchObject({ fragmentCount: 2, fragmentIndex: 1 });
    expect(lines.every((line) => parseTagBlock(line).tagBlockValid)).toBe(true);
    const sources = lines.map((line) => parseTagBlock(line).tags.s);
    expect(sources).toContain('sat');
    expect(exportTrackAsNmea(vessel, track.slice(0, 2), { sourceTag: 'sat-7' })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\\c:\d+,s:sat-7\*[0-9A-F]{2}\\!AIVDM/)]),
    );
  });

  it('re-ingests to the same positions, statics and dark gaps as the original track', () => {
    const now = at(200);
    const decoded = decodeNmeaBatch(lines.join('\n'), { receivedAt: now });
    expect(decoded).toMatchObject({ lines: lines.length, rejected: 0 });
    expect(decoded.positions).toHaveLength(track.length);
    expect(decoded.positions.map((p) => [p.timestamp, p.source, p.lat, p.lon])).toEqual(
      track.map((p) => [p.timestamp, p.source, aisCoordinate(p.lat), aisCoordinate(p.lon)]),
    );
    expect(decoded.statics.map((s) => [s.imo, s.name, s.draughtM, s.timestamp])).toEqual([
      ['9074729', 'NORDIC STAR', 14.2, track[0].timestamp],
      ['9074729', 'NORDIC STAR', 15.1, track[8].timestamp],
    ]);

    const context = { ports: [ROTTERDAM], zones: [SANCTIONS_ZONE], now };
    const original = detectDarkGaps(track, context);
    const roundTripped = detectDarkGaps(decoded.positions, context);
    expect(original.map((gap) => [gap.gap_hours, gap.severity, gap.zone_id])).toEqual([
      [8, 'info', null],
      [30, 'critical', 'zone-biscay'],
      [expect.any(Number), 'critical', 'zone-biscay'], // still silent at `now`, inside the zone
    ]);
    expect(roundTripped).toEqual(
      original.map((gap) => ({
        ...gap,
        start_lat: aisCoordinate(gap.start_lat),
        start_lon: aisCoordinate(gap.start_lon),
        end_lat: gap.end_lat === null ? null : aisCoordinate(gap.end_lat),
        end_lon: gap.end_lon === null ? null : aisCoordinate(gap.end_lon),
      })),
    );
  });
});

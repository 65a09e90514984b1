// The NMEA commands against a seeded service: the world's tracks exported by nmea-export are
// replayed through the ingest route by ais-replay without a single rejected line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aisReplayCommand } from '../src/pipeline/nmea/ais-replay.command';
import { nmeaExportCommand } from '../src/pipeline/nmea/nmea-export.command';
import { maritimeForFile } from './support/maritime-harness';
import { SMALL_SEED_AS_OF, smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });

function capture(): {
  out: string[];
  err: string[];
  io: { out(l: string): void; err(l: string): void };
} {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

describe('nmea-export and ais-replay', () => {
  it('round-trips the seeded world’s tracks through the ingest route', async () => {
    const exported = capture();
    expect(
      await nmeaExportCommand.run(['--as-of', SMALL_SEED_AS_OF, '--limit', '2'], {}, exported.io),
    ).toBe(0);
    expect(exported.err).toEqual(['exported 2 vessel tracks']);
    expect(exported.out.length).toBeGreaterThan(100);
    const dir = mkdtempSync(join(tmpdir(), 'nmea-'));
    try {
      const file = join(dir, 'tracks.nmea');
      writeFileSync(file, exported.out.join('\n'));
      const key = await maritime.mintKey('admin');
      const replay = capture();
      expect(
        await aisReplayCommand.run(
          ['--file', file, '--url', maritime.url, '--key', key],
          {},
          replay.io,
        ),
      ).toBe(0);
      const answer = JSON.parse(replay.out[0]!) as {
        lines: number;
        rejected: number;
        decoded: number;
      };
      expect(answer).toMatchObject({ lines: exported.out.length, rejected: 0 });
      const refused = capture();
      expect(
        await aisReplayCommand.run(
          ['--file', file, '--url', maritime.url, '--key', 'mk_nope'],
          {},
          refused.io,
        ),
      ).toBe(1);
      expect(refused.err[0]).toMatch(/^HTTP 401 /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await nmeaExportCommand.run(['--imo', '1234568'], {}, capture().io)).toBe(2);
  });
});

// `npm run tools -- maritime nmea-export --profile small --seed 42 --as-of YYYY-MM-DD [--imo N ...] [--limit N]`
// writes the generated world's AIS tracks as NMEA lines (tag blocks with time and source, a
// type 5 before each track), ready for `maritime ais-replay` or any AIS consumer.
import {
  choiceArgument,
  dayArgument,
  defineCommand,
  integerArgument,
  UsageError,
} from '@platform/cli';
import { exportTrackAsNmea, generateWorld, isValidImo, TABLES } from '@platform/maritime-domain';

const USAGE = `usage: npm run tools -- maritime nmea-export [--profile small|default|large] [--seed N]
         --as-of YYYY-MM-DD [--imo N]... [--limit N]
  Prints the world's tracks as NMEA 0183 lines on stdout: every vessel (or the --imo ones, or
  the first --limit vessels), each a type 5 static report then type 1 position reports, each
  line with a tag block \\c:<unix>,s:<source>*hh\\.`;

export const nmeaExportCommand = defineCommand({
  name: 'maritime nmea-export',
  usage: USAGE,
  options: {
    profile: { type: 'string' },
    seed: { type: 'string' },
    'as-of': { type: 'string' },
    imo: { type: 'string', multiple: true },
    limit: { type: 'string' },
  },
  async run({ values, io }) {
    const profile = choiceArgument(
      values.profile,
      '--profile',
      ['small', 'default', 'large'],
      'small',
    );
    const seed = integerArgument(values.seed, '--seed', { min: 0, max: 2 ** 31 - 1, default: 42 });
    if (values['as-of'] === undefined)
      throw new UsageError('--as-of is required (the world must match the seed)');
    const asOf = dayArgument(values['as-of'], '--as-of');
    const wanted = values.imo ?? [];
    const bad = wanted.find((imo) => !isValidImo(imo));
    if (bad !== undefined) throw new UsageError(`--imo ${bad} is not a valid IMO number`);
    const limit = integerArgument(values.limit, '--limit', {
      min: 1,
      max: 1_000_000,
      default: 1_000_000,
    });
    const world = generateWorld({ profile, seed, asOf });
    const columns = TABLES.ais_positions as readonly string[];
    const at = (name: string): number => columns.indexOf(name);
    const vesselColumns = TABLES.vessels as readonly string[];
    let exported = 0;
    for (const row of world.rows('vessels')) {
      const vessel = Object.fromEntries(vesselColumns.map((c, i) => [c, row[i]]));
      const imo = String(vessel['imo']);
      if (wanted.length > 0 && !wanted.includes(imo)) continue;
      if (exported >= limit) break;
      const fixes = [...world.vesselPositions(imo)].map((p) => ({
        timestamp: new Date(String(p[at('ts')])),
        lat: Number(p[at('lat')]),
        lon: Number(p[at('lon')]),
        sogKn: p[at('sog_kn')] === null ? null : Number(p[at('sog_kn')]),
        cogDeg: p[at('cog_deg')] === null ? null : Number(p[at('cog_deg')]),
        heading: p[at('heading')] === null ? null : Number(p[at('heading')]),
        navStatus: p[at('nav_status')] === null ? null : Number(p[at('nav_status')]),
        draughtM: p[at('draft_m')] === null ? null : Number(p[at('draft_m')]),
        source: String(p[at('source')]) as 'terrestrial' | 'satellite',
      }));
      if (fixes.length === 0) continue;
      for (const line of exportTrackAsNmea(
        { mmsi: String(vessel['mmsi']), imo, name: String(vessel['name']) },
        fixes,
        {},
      ))
        io.out(line);
      exported += 1;
    }
    io.err(`exported ${exported} vessel tracks`);
    return 0;
  },
});

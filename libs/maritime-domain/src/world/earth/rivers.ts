/**
 * Daily levels at three river gauges: a seasonal cycle with AR(1) noise and injected low-water
 * episodes (one on the Rhine and the Mississippi in the past, one on the Parana still running at
 * asOf), which raise the river-level alerts.
 */
import { Rng } from '../prng';
import type { Row } from '../tables';
import { DAY_MS, dayOfYear, isoDay } from '../time';

interface GaugeDef {
  slug: string;
  name: string;
  river: string;
  countryCode: string;
  lat: number;
  lon: number;
  lowWaterM: number;
  criticalLowM: number;
  meanM: number;
  amplitudeM: number;
  /** Day of year of the seasonal high. */
  peakDoy: number;
  noiseM: number;
  /** The drought: days before asOf it starts, its length and depth below the seasonal level. */
  episode: { startDaysAgo: number; days: number; dropM: number };
}

const GAUGES: readonly GaugeDef[] = [
  {
    slug: 'kaub',
    name: 'Kaub',
    river: 'Rhine',
    countryCode: 'DE',
    lat: 50.085,
    lon: 7.765,
    lowWaterM: 1.0,
    criticalLowM: 0.78,
    meanM: 2.2,
    amplitudeM: 0.7,
    peakDoy: 45,
    noiseM: 0.12,
    episode: { startDaysAgo: 300, days: 45, dropM: 1.9 },
  },
  {
    slug: 'memphis',
    name: 'Memphis',
    river: 'Mississippi',
    countryCode: 'US',
    lat: 35.15,
    lon: -90.06,
    lowWaterM: -1.5,
    criticalLowM: -3.0,
    meanM: 4.0,
    amplitudeM: 3.0,
    peakDoy: 110,
    noiseM: 0.35,
    episode: { startDaysAgo: 150, days: 35, dropM: 6.5 },
  },
  {
    slug: 'rosario',
    name: 'Rosario',
    river: 'Parana',
    countryCode: 'AR',
    lat: -32.95,
    lon: -60.63,
    lowWaterM: 1.5,
    criticalLowM: 0.5,
    meanM: 3.6,
    amplitudeM: 0.9,
    peakDoy: 60,
    noiseM: 0.1,
    episode: { startDaysAgo: 24, days: 40, dropM: 2.4 },
  },
];

export const RIVER_HISTORY_DAYS = 730;

export interface LowWaterEpisode {
  gaugeSlug: string;
  gaugeName: string;
  river: string;
  startMs: number;
  startLevelM: number;
  minLevelM: number;
  lowWaterM: number;
  criticalLowM: number;
}

export interface RiverTables {
  gauges: Row[];
  levels: Row[];
  episodes: LowWaterEpisode[];
}

export function riverTables(seed: number, asOfMs: number): RiverTables {
  const levels: Row[] = [];
  const episodes: LowWaterEpisode[] = [];
  GAUGES.forEach((gauge, index) => {
    const rng = Rng.stream(seed, `river:${gauge.slug}`);
    let noise = 0;
    let run: { startMs: number; startLevel: number; min: number; days: number } | null = null;
    let above = 99;
    for (let day = RIVER_HISTORY_DAYS; day >= 1; day -= 1) {
      const t = asOfMs - day * DAY_MS;
      noise = 0.95 * noise + gauge.noiseM * 0.3 * rng.normal();
      const seasonal =
        gauge.meanM +
        gauge.amplitudeM * Math.cos((2 * Math.PI * (dayOfYear(t) - gauge.peakDoy)) / 365.25);
      const e = gauge.episode;
      const into = e.startDaysAgo - day;
      const drought =
        into >= 0 && into < e.days
          ? e.dropM * Math.sin((Math.PI * (into + 1)) / (e.days + 1)) ** 0.6
          : 0;
      const level = Math.round((seasonal + noise - drought) * 100) / 100;
      levels.push([index + 1, isoDay(t), level]);
      if (level < gauge.lowWaterM) {
        if (run === null) run = { startMs: t, startLevel: level, min: level, days: 0 };
        run.min = Math.min(run.min, level);
        run.days += 1;
        above = 0;
      } else if (run !== null && (above += 1) >= 10) {
        if (run.days >= 3) episodes.push(episodeOf(gauge, run));
        run = null;
      }
    }
    if (run !== null && run.days >= 3) episodes.push(episodeOf(gauge, run));
  });
  const gauges = GAUGES.map((g, i): Row => [
    i + 1,
    g.slug,
    g.name,
    g.river,
    g.countryCode,
    g.lat,
    g.lon,
    g.lowWaterM,
    g.criticalLowM,
  ]);
  return { gauges, levels, episodes };
}

function episodeOf(
  gauge: GaugeDef,
  run: { startMs: number; startLevel: number; min: number },
): LowWaterEpisode {
  return {
    gaugeSlug: gauge.slug,
    gaugeName: gauge.name,
    river: gauge.river,
    startMs: run.startMs,
    startLevelM: run.startLevel,
    minLevelM: run.min,
    lowWaterM: gauge.lowWaterM,
    criticalLowM: gauge.criticalLowM,
  };
}

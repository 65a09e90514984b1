/**
 * Port waiting times: lognormal around each port's median, scaled by a mild yearly cycle and by
 * congestion episodes (a few weeks, two to three times the usual wait) drawn per port from the
 * stream `port:<slug>`, so they do not depend on which vessels call.
 */
import { Rng } from '../prng';
import { DAY_MS } from '../time';
import { PORTS } from '../reference/ports';

interface Episode {
  startMs: number;
  endMs: number;
  factor: number;
}

export class PortCongestion {
  private readonly episodes: Episode[][];
  private readonly phase: number[];

  constructor(seed: number, fromMs: number, toMs: number) {
    this.episodes = PORTS.map((port) => {
      const rng = Rng.stream(seed, `port:${port.slug}`);
      const list: Episode[] = [];
      const years = Math.max(1, Math.ceil((toMs - fromMs) / (365 * DAY_MS)));
      for (let y = 0; y < years; y += 1) {
        const count = rng.int(1, 3);
        for (let i = 0; i < count; i += 1) {
          const startMs = fromMs + (y + rng.next()) * 365 * DAY_MS;
          list.push({
            startMs,
            endMs: startMs + rng.int(10, 40) * DAY_MS,
            factor: rng.float(1.8, 3.5),
          });
        }
      }
      return list;
    });
    this.phase = PORTS.map((port) =>
      Rng.stream(seed, `port:${port.slug}:season`).float(0, 2 * Math.PI),
    );
  }

  /** Multiplier of the port's median wait at instant t. */
  factor(port: number, t: number): number {
    const seasonal =
      1 + 0.15 * Math.sin((2 * Math.PI * t) / (365.25 * DAY_MS) + (this.phase[port] as number));
    let episode = 1;
    for (const e of this.episodes[port] as Episode[]) {
      if (t < e.startMs || t >= e.endMs) continue;
      // Ramps up over the first quarter and eases over the last, rather than a step.
      const progress = (t - e.startMs) / (e.endMs - e.startMs);
      const shape = Math.min(1, progress * 4, (1 - progress) * 4);
      episode = Math.max(episode, 1 + (e.factor - 1) * shape);
    }
    return seasonal * episode;
  }
}

import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { CacheInvalidationBus, REDIS } from '@platform/redis';
import Redis from 'ioredis';
import { PresetsRepository } from './presets.repository';

/** What the client API applies for `@preset/<slug>` or `@preset/<slug>@<version>`. */
export interface ResolvedPreset {
  slug: string;
  version: number;
  model: string;
  params: Record<string, unknown>;
  system_prompt: string | null;
  provider_preferences: Record<string, unknown> | null;
}

/** How long a replica may serve a team's cached presets without hearing from the bus. */
export const PRESET_CACHE_TTL_MS = 60_000;
/** Key of the bus's epoch counter under the app's Redis prefix (see CacheInvalidationBus). */
const BUS_EPOCH_KEY = 'cache-invalidate:epoch';
/** Longest wait for the epoch check before falling back to the TTL alone. */
const EPOCH_CHECK_DEADLINE_MS = 100;
/** Entries kept per team (slugs and pins); a client guessing slugs cannot grow it further. */
const MAX_ENTRIES_PER_TEAM = 1000;

interface Entry {
  value: ResolvedPreset | null;
  expiresAt: number;
}

interface TeamCache {
  entries: Map<string, Entry>;
  /** Bumped whenever the team's entries are dropped; a load that straddles a drop is not kept. */
  generation: number;
}

/**
 * Resolves a team's published preset, with a per-team in-process cache (60 s TTL).
 *
 * The cache is dropped for a team on the bus message `{ kind: "presets", team_id }`, and entirely
 * on any epoch gap. Pub/sub delivery is asynchronous, so on top of that every resolve compares the
 * bus's epoch counter in Redis with the last epoch this replica has processed: when the counter is
 * ahead, a message is in flight and the database is read instead of the cache. A write answered
 * by replica A is therefore served by replica B on B's very next request. When Redis is
 * unreachable the TTL alone bounds staleness.
 */
@Injectable()
export class PresetResolver implements OnModuleInit {
  private readonly logger = new Logger('PresetResolver');
  private readonly teams = new Map<string, TeamCache>();
  /** Highest bus epoch processed here; undefined until known (cache empty then). */
  private seenEpoch: number | undefined;

  constructor(
    private readonly repository: PresetsRepository,
    private readonly bus: CacheInvalidationBus,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.bus.onInvalidation((event) => {
      if (event.type === 'flush-all') {
        this.dropAll();
        // The bus knows the counter again but does not say it: learn it on the next resolve.
        this.seenEpoch = undefined;
        return;
      }
      if (event.message.kind === 'presets' && typeof event.message['team_id'] === 'string') {
        this.dropTeam(event.message['team_id']);
      }
      if (this.seenEpoch === undefined || event.epoch > this.seenEpoch)
        this.seenEpoch = event.epoch;
    });
  }

  /**
   * The preset's latest published snapshot (`version` null) or a pinned one. Null when the preset
   * is unknown, deleted, draft-only or disabled, or the pinned version is not one of its versions.
   */
  async resolve(
    teamId: string,
    slug: string,
    version: number | null,
  ): Promise<ResolvedPreset | null> {
    const key = version === null ? slug : `${slug}@${version}`;
    const fresh = await this.cacheTrusted();
    const team = this.team(teamId);
    const cached = team.entries.get(key);
    if (fresh && cached && cached.expiresAt > this.clock.nowMs()) return cached.value;

    const generation = team.generation;
    const value = await this.repository.resolve(teamId, slug, version);
    if (team.generation === generation && this.teams.get(teamId) === team) {
      if (team.entries.size >= MAX_ENTRIES_PER_TEAM) team.entries.clear();
      team.entries.set(key, { value, expiresAt: this.clock.nowMs() + PRESET_CACHE_TTL_MS });
    }
    return value;
  }

  /** Drops one team's entries on this replica (the bus does it fleet-wide). */
  dropTeam(teamId: string): void {
    const team = this.teams.get(teamId);
    if (!team) return;
    team.generation += 1;
    this.teams.delete(teamId);
  }

  private dropAll(): void {
    for (const team of this.teams.values()) team.generation += 1;
    this.teams.clear();
  }

  private team(teamId: string): TeamCache {
    let team = this.teams.get(teamId);
    if (!team) {
      team = { entries: new Map(), generation: 0 };
      this.teams.set(teamId, team);
    }
    return team;
  }

  /**
   * False when a published invalidation may not have reached this replica yet. True when Redis
   * cannot be asked (then only the TTL bounds staleness).
   */
  private async cacheTrusted(): Promise<boolean> {
    if (this.redis.status !== 'ready') return true;
    let current: number;
    try {
      current = await withDeadline(this.redis.get(BUS_EPOCH_KEY), EPOCH_CHECK_DEADLINE_MS).then(
        (raw) => Number(raw ?? 0),
      );
    } catch (error) {
      this.logger.debug(`epoch check skipped: ${String(error)}`);
      return true;
    }
    if (this.seenEpoch === undefined || current < this.seenEpoch) {
      // First use, after a flush, or the counter was reset: whatever is cached predates the
      // reading, so drop it; entries loaded from now on are at least as new as `current`.
      this.dropAll();
      this.seenEpoch = current;
      return false;
    }
    return current === this.seenEpoch;
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

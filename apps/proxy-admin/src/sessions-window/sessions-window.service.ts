import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { CursorCodec } from '@platform/pagination';
import { WINDOW_PAGE_DEFAULT, WINDOW_PAGE_MAX, WindowQuery } from './dto/window.query';
import { SessionsWindowRepository, WindowPosition } from './sessions-window.repository';
import { isoMicros, parseInstantMicros, resolveWindow, Window } from './window-params';

@Injectable()
export class SessionsWindowService {
  private readonly codec: CursorCodec;

  constructor(
    private readonly repository: SessionsWindowRepository,
    @Inject(ProxyAdminConfig) config: ProxyAdminConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.codec = new CursorCodec(config.cursorSecret, 'proxy-admin:sessions-window');
  }

  /**
   * A page of sessions whose last request is in [from, to), newest first. A cursor carries the
   * window of its first page, so a walk stays on one window while `to` defaults to "now".
   * Answers the response body as JSON text (see SessionsWindowRepository).
   */
  async window(query: WindowQuery): Promise<string> {
    const limit = Math.min(query.limit ?? WINDOW_PAGE_DEFAULT, WINDOW_PAGE_MAX);
    let window: Window;
    let after: WindowPosition | undefined;
    if (query.cursor === undefined) {
      window = resolveWindow(query.from, query.to, this.clock.nowMs());
    } else {
      ({ window, after } = this.decode(query.cursor));
      const sameWindow =
        (query.from === undefined || parseInstantMicros(query.from) === window.fromUs) &&
        (query.to === undefined || parseInstantMicros(query.to) === window.toUs);
      if (!sameWindow) {
        throw invalidCursor('cursor belongs to another window; send it with the same from and to');
      }
    }
    const page = await this.repository.page(
      { from: isoMicros(window.fromUs), to: isoMicros(window.toUs) },
      limit,
      after,
    );
    const next =
      page.fetched > limit && page.last !== null
        ? this.codec.encode({
            sort: page.last.lastRequestAt,
            id: JSON.stringify([
              page.last.sessionId,
              page.last.teamKey,
              window.fromUs,
              window.toUs,
            ]),
          })
        : null;
    // The rows arrive as JSON text from PostgreSQL and are passed through as they are.
    return `{"sessions":${page.sessions},"next_cursor":${JSON.stringify(next)}}`;
  }

  private decode(cursor: string): { window: Window; after: WindowPosition } {
    const position = this.codec.decode(cursor);
    let parsed: unknown;
    try {
      parsed = JSON.parse(position.id);
    } catch {
      throw invalidCursor('cursor payload is unreadable');
    }
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 4 ||
      typeof parsed[0] !== 'string' ||
      typeof parsed[1] !== 'string' ||
      !Number.isSafeInteger(parsed[2]) ||
      !Number.isSafeInteger(parsed[3]) ||
      typeof position.sort !== 'string' ||
      parseInstantMicros(position.sort) === null
    ) {
      throw invalidCursor('cursor payload has the wrong shape');
    }
    const [sessionId, teamKey, fromUs, toUs] = parsed as [string, string, number, number];
    return {
      window: { fromUs, toUs },
      after: { lastRequestAt: position.sort, sessionId, teamKey },
    };
  }
}

function invalidCursor(message: string): ApiError {
  return ApiError.badRequest('invalid_cursor', message);
}

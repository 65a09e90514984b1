import { adminFetch, ProxyHarness } from './proxy-harness';

export const SCOPED_TOKEN = 'scoped-token-for-team-a-0123456789';

export interface WindowRow {
  session_id: string;
  team_id: string | null;
  turns: number;
  edit_retry_turns: number;
  one_shot_rate: number | null;
  primary_model: string | null;
  total_cost_usd: number;
  first_request_at: string;
  last_request_at: string;
}
export interface WindowBody {
  sessions: WindowRow[];
  next_cursor: string | null;
}
export interface ErrorBody {
  error: { message: string; type: string; code: string };
}

/** Calls GET /admin/sessions/window (ADMIN_SECRET unless another token is given). */
export function windowClient(proxy: () => ProxyHarness) {
  async function window(query: string, token?: string): Promise<{ status: number; body: unknown }> {
    const response = await adminFetch(proxy().instances[0]!.url, `/admin/sessions/window${query}`, {
      token,
    });
    return { status: response.status, body: await response.json() };
  }
  async function ok(query: string): Promise<WindowBody> {
    const { status, body } = await window(query);
    expect({ status, body }).toMatchObject({ status: 200 });
    return body as WindowBody;
  }
  return { window, ok };
}

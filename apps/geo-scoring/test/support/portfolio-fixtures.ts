// Portfolio shapes and fixtures the dashboard HTTP tests share.
import type { DashboardClient } from './dashboard-client';

export interface Summary {
  id: string;
  name: string;
  composite_score: number | null;
  member_count: number;
  scored_count: number;
  above_threshold_count: number;
  below_threshold_count: number;
  last_refreshed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Member {
  id: string;
  portfolio_id: string | null;
  name: string;
  lat: number;
  lng: number;
  h3_index: string;
  address: string | null;
  last_score: number | null;
  last_scored_at: string | null;
  created_at: string;
}

// Rate limits are counted in saved-searches.spec.ts and csv-upload.spec.ts; here every test
// runs in the same minute of the clock.

export async function createPortfolio(client: DashboardClient, name: string): Promise<Summary> {
  const reply = await client.post<Summary>('/api/portfolios', { name });
  expect(reply.status).toBe(201);
  return reply.body;
}

export function members(count: number): { name: string; lat: number; lng: number }[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Site ${i + 1}`,
    lat: 30.2 + i / 10_000,
    lng: -97.7 - i / 10_000,
  }));
}

import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

/** portfolios rows, always scoped to their owner. */
@Injectable()
export class PortfoliosRepository extends TransactionalRepository {
  /** Serialises one user's portfolio creations, so the per-user cap holds. */
  async lockUser(userId: string): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `geo:portfolios:${userId}`,
    ]);
  }

  async count(userId: string): Promise<number> {
    const rows = await this.db.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM portfolios WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.count ?? 0;
  }

  async insert(userId: string, name: string, now: Date): Promise<string> {
    const rows = await this.db.query<{ id: string }[]>(
      `INSERT INTO portfolios (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3)
       RETURNING id`,
      [userId, name, now],
    );
    return (rows[0] as { id: string }).id;
  }

  /** Whether the user owns the portfolio (the id must be a uuid). */
  async owned(userId: string, portfolioId: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      'SELECT 1 FROM portfolios WHERE id = $1 AND user_id = $2',
      [portfolioId, userId],
    );
    return rows.length > 0;
  }

  /**
   * Locks an owned portfolio for the rest of the transaction (member inserts, deletes and
   * refreshes of one portfolio run one at a time); false when the user has no such portfolio.
   */
  async lockOwned(userId: string, portfolioId: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      'SELECT 1 FROM portfolios WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [portfolioId, userId],
    );
    return rows.length > 0;
  }

  /** Whether an owned portfolio was renamed. */
  async rename(userId: string, portfolioId: string, name: string, now: Date): Promise<boolean> {
    const result = await this.db.query<[unknown[], number]>(
      'UPDATE portfolios SET name = $3, updated_at = $4 WHERE id = $1 AND user_id = $2',
      [portfolioId, userId, name, now],
    );
    return result[1] > 0;
  }

  async delete(portfolioId: string): Promise<void> {
    await this.db.query('DELETE FROM portfolios WHERE id = $1', [portfolioId]);
  }
}

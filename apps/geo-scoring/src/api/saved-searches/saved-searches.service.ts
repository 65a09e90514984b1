import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../platform/api-policy/unique-violation';
import { isUuid } from '../../pipeline/portfolio-refresh/portfolio-not-found';
import { SavedSearch, SavedSearchList } from './dto/saved-search.response';
import type { SavedSearchInput } from './saved-search-body.pipe';
import { SavedSearchesRepository } from './saved-searches.repository';

/** Saved searches a user may keep. */
export const MAX_SAVED_SEARCHES = 200;

const NAME_INDEX = 'saved_searches_user_name';

function notFound(): ApiError {
  return ApiError.notFound('saved_search_not_found', 'Saved search not found');
}

function nameTaken(name: string): ApiError {
  return new ApiError(409, 'saved_search_name_taken', `A saved search named "${name}" exists`);
}

/** A user's saved searches (see docs/geo-scoring/dashboard.md#saved-searches). */
@Injectable()
export class SavedSearchesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: SavedSearchesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<SavedSearchList> {
    return { saved_searches: await this.repository.list(userId) };
  }

  async create(userId: string, body: Required<SavedSearchInput>): Promise<SavedSearch> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const repository = this.repository.withTransaction(manager);
        await repository.lockUser(userId);
        if ((await repository.count(userId)) >= MAX_SAVED_SEARCHES) {
          throw new ApiError(
            409,
            'saved_search_limit_reached',
            `At most ${MAX_SAVED_SEARCHES} saved searches per user`,
          );
        }
        return repository.insert(userId, body, this.clock.now());
      });
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(body.name);
      throw error;
    }
  }

  async update(userId: string, id: string, body: SavedSearchInput): Promise<SavedSearch> {
    if (!isUuid(id)) throw notFound();
    try {
      const updated = await this.repository.update(userId, id, body, this.clock.now());
      if (updated === undefined) throw notFound();
      return updated;
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(body.name ?? '');
      throw error;
    }
  }

  async delete(userId: string, id: string): Promise<{ success: true }> {
    if (!isUuid(id) || !(await this.repository.delete(userId, id))) throw notFound();
    return { success: true };
  }
}

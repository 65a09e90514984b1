import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { CategoriesRepository, CategoryRow } from './categories.repository';
import { CategoryTree, MAX_CATEGORIES_PER_OWNER, MAX_CATEGORY_DEPTH } from './category-tree';
import {
  DEFAULT_NOTIFY_ON,
  type CreateCategoryBody,
  type UpdateCategoryBody,
} from './dto/watchlist.dto';
import { categoryView } from './watchlist-views';
import { WatchlistRepository, type Sql } from './watchlist.repository';

const NAME_MAX = 100;

export function categoryNotFound(id: number | string): ApiError {
  return ApiError.notFound('category_not_found', `No watchlist category ${id}`);
}

/** Watchlist categories: a tree of at most 5 levels and 200 nodes per owner. */
@Injectable()
export class CategoriesService {
  constructor(
    @Inject(CategoriesRepository) private readonly categories: CategoriesRepository,
    @Inject(WatchlistRepository) private readonly watchlist: WatchlistRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(ownerId: string): Promise<Record<string, unknown>> {
    const tree = new CategoryTree(await this.categories.list(ownerId));
    return {
      categories: tree.all.map((row) => categoryView(row, tree.depth(row.id))),
      count: tree.all.length,
    };
  }

  async create(ownerId: string, body: CreateCategoryBody): Promise<Record<string, unknown>> {
    const work = this.watchlist.inOwnerTransaction(ownerId, async (sql) => {
      const tree = new CategoryTree(await this.categories.list(ownerId, sql));
      if (tree.all.length >= MAX_CATEGORIES_PER_OWNER)
        throw new ApiError(
          409,
          'watchlist_limit_reached',
          `An owner may have at most ${MAX_CATEGORIES_PER_OWNER} watchlist categories`,
        );
      const parentId = body.parent_id == null ? null : String(body.parent_id);
      if (parentId !== null) {
        if (!tree.get(parentId)) throw categoryNotFound(parentId);
        if (tree.depth(parentId) + 1 > MAX_CATEGORY_DEPTH) throw tooDeep();
      }
      const name = body.name.trim();
      assertNameFree(tree, parentId, name, null);
      const id = await this.categories.insert(
        ownerId,
        {
          name,
          parentId,
          sortOrder: body.sort_order ?? 0,
          defaultNotifyOn: body.default_notify_on ?? DEFAULT_NOTIFY_ON,
        },
        this.clock.now(),
        sql,
      );
      return { category: await this.viewOf(ownerId, id, sql) };
    });
    return nameClashAs409(work);
  }

  async update(ownerId: string, body: UpdateCategoryBody): Promise<Record<string, unknown>> {
    const id = String(body.id);
    const work = this.watchlist.inOwnerTransaction(ownerId, async (sql) => {
      const tree = new CategoryTree(await this.categories.list(ownerId, sql));
      const current = tree.get(id);
      if (!current) throw categoryNotFound(id);
      const parentId =
        body.parent_id === undefined
          ? current.parent_id
          : body.parent_id === null
            ? null
            : String(body.parent_id);
      if (parentId !== null && parentId !== current.parent_id) {
        if (!tree.get(parentId)) throw categoryNotFound(parentId);
        if (tree.subtree(id).includes(parentId))
          throw new ApiError(
            409,
            'category_cycle',
            `Category ${parentId} is ${id} itself or lies below it; a category cannot be its own ancestor`,
          );
        if (tree.depth(parentId) + tree.height(id) > MAX_CATEGORY_DEPTH) throw tooDeep();
      }
      const name = body.name === undefined ? current.name : body.name.trim();
      if (name.toLowerCase() !== current.name.toLowerCase() || parentId !== current.parent_id)
        assertNameFree(tree, parentId, name, id);
      await this.categories.update(
        ownerId,
        id,
        {
          name,
          parentId: body.parent_id === undefined ? undefined : parentId,
          sortOrder: body.sort_order,
          defaultNotifyOn: body.default_notify_on,
        },
        this.clock.now(),
        sql,
      );
      return { category: await this.viewOf(ownerId, id, sql) };
    });
    return nameClashAs409(work);
  }

  /**
   * Deletes a category. Its entries lose their category; its children move to the top level,
   * renamed "<name> (2)", "(3)", … when a top-level category already has their name (names are
   * unique among siblings, so without this the delete would fail).
   */
  async remove(ownerId: string, idNumber: number): Promise<Record<string, unknown>> {
    const id = String(idNumber);
    return this.watchlist.inOwnerTransaction(ownerId, async (sql) => {
      const tree = new CategoryTree(await this.categories.list(ownerId, sql));
      const target = tree.get(id);
      if (!target) throw categoryNotFound(id);
      const taken = new Set(
        tree
          .childrenOf(null)
          .filter((row) => row.id !== id)
          .map((row) => row.name.toLowerCase()),
      );
      const now = this.clock.now();
      const renamed: { id: number; name: string }[] = [];
      const children = tree.childrenOf(id);
      for (const child of children) {
        const name = freeName(child.name, taken);
        taken.add(name.toLowerCase());
        if (name !== child.name) renamed.push({ id: Number(child.id), name });
        await this.categories.moveToTop(ownerId, child.id, name, now, sql);
      }
      await this.categories.remove(ownerId, id, sql);
      return {
        deleted: true,
        id: Number(id),
        cleared_entries: target.entries_count,
        unnested_children: children.length,
        renamed_children: renamed,
      };
    });
  }

  /** The owner's category `id`, or 404; for entries that name a category. */
  async requireOwned(ownerId: string, id: number, sql: Sql): Promise<CategoryRow> {
    const row = await this.categories.find(ownerId, String(id), sql);
    if (!row) throw categoryNotFound(id);
    return row;
  }

  private async viewOf(ownerId: string, id: string, sql: Sql): Promise<Record<string, unknown>> {
    const tree = new CategoryTree(await this.categories.list(ownerId, sql));
    return categoryView(tree.get(id) as CategoryRow, tree.depth(id));
  }
}

/**
 * The in-memory check compares names with JavaScript's lower-casing; should PostgreSQL's lower()
 * still find two names equal, its unique index answers, and that is the same 409.
 */
async function nameClashAs409<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505')
      throw new ApiError(
        409,
        'category_name_taken',
        'A category of that name exists at that level',
      );
    throw error;
  }
}

function tooDeep(): ApiError {
  return new ApiError(
    409,
    'category_too_deep',
    `Categories nest at most ${MAX_CATEGORY_DEPTH} levels deep`,
  );
}

/** 409 when a sibling under `parentId` (other than `selfId`) has `name`, case-insensitively. */
function assertNameFree(
  tree: CategoryTree<CategoryRow>,
  parentId: string | null,
  name: string,
  selfId: string | null,
): void {
  const clash = tree
    .childrenOf(parentId)
    .some((row) => row.id !== selfId && row.name.toLowerCase() === name.toLowerCase());
  if (clash)
    throw new ApiError(
      409,
      'category_name_taken',
      `A category named "${name}" already exists at that level`,
    );
}

/** `name`, or the first of "name (2)", "name (3)", … that is not taken (within 100 chars). */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

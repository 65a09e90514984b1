/** Categories nest at most this many levels deep (a top-level category is level 1). */
export const MAX_CATEGORY_DEPTH = 5;

/** At most this many categories per owner. */
export const MAX_CATEGORIES_PER_OWNER = 200;

interface Node {
  id: string;
  parent_id: string | null;
}

/**
 * An owner's category tree, built from all of their categories (at most 200, so it is read
 * whole and walked in memory rather than with recursive SQL).
 */
export class CategoryTree<T extends Node> {
  private readonly byId = new Map<string, T>();
  private readonly children = new Map<string, T[]>();

  constructor(readonly all: readonly T[]) {
    for (const node of all) this.byId.set(node.id, node);
    for (const node of all) {
      if (node.parent_id === null) continue;
      const siblings = this.children.get(node.parent_id) ?? [];
      siblings.push(node);
      this.children.set(node.parent_id, siblings);
    }
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  childrenOf(id: string | null): T[] {
    if (id === null) return this.all.filter((node) => node.parent_id === null);
    return this.children.get(id) ?? [];
  }

  /** 1 for a top-level category, 2 for its children, and so on. */
  depth(id: string): number {
    let depth = 0;
    let current = this.byId.get(id);
    // The guard stops on a corrupt cycle instead of looping.
    while (current && depth <= this.all.length) {
      depth += 1;
      current = current.parent_id === null ? undefined : this.byId.get(current.parent_id);
    }
    return depth;
  }

  /** Levels in the subtree rooted at `id`, itself included (a leaf has height 1). */
  height(id: string): number {
    const kids = this.childrenOf(id);
    return 1 + (kids.length === 0 ? 0 : Math.max(...kids.map((kid) => this.height(kid.id))));
  }

  /** `id` and every category below it. */
  subtree(id: string): string[] {
    const out = [id];
    for (let i = 0; i < out.length; i += 1)
      for (const kid of this.childrenOf(out[i] as string)) out.push(kid.id);
    return out;
  }
}

import { Baseline1763726400000 } from './1763726400000-baseline';

/** Every migration of geo-scoring, oldest first. Never edit one that has landed. */
export const migrations = [Baseline1763726400000];

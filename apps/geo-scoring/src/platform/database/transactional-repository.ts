import { Inject } from '@nestjs/common';
import type { SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';

/**
 * How a repository runs on a caller's transaction. Repositories are injectable providers whose
 * SQL goes through `this.db`: the app's DataSource as injected (each statement on its own), or
 * the caller's transaction (the EntityManager of `dataSource.transaction()`, or a QueryRunner
 * holding a transaction and perhaps an advisory lock) on the copy `withTransaction(tx)` returns.
 * So the service decides what commits together, and `withTransaction` is the one place that
 * constructs a repository by hand.
 */
export abstract class TransactionalRepository {
  constructor(@Inject(DataSource) protected readonly db: SqlRunner) {}

  /** This repository with every statement inside `tx` (an EntityManager or QueryRunner). */
  withTransaction(tx: SqlRunner): this {
    const Repository = this.constructor as new (db: SqlRunner) => this;
    return new Repository(tx);
  }
}

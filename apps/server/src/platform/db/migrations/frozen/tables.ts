import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../../index';

/**
 * FROZEN: the table builders migrations 0001 to 0006 share. Never change this file: a migration must
 * do the same on every database it ever runs on. A later migration that wants another shape writes
 * its own builder instead of editing this one.
 */

/** `createTable(name)` with an integer `id` primary key the database numbers (identity or autoincrement). */
export function tableWithId(db: Kysely<unknown>, dialect: Dialect) {
  return (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) =>
        dialect === 'postgres'
          ? c.primaryKey().generatedByDefaultAsIdentity()
          : c.primaryKey().autoIncrement(),
      );
}

/** A `team_id` column: required, deleted with its team. */
export const teamColumn = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('teams.id').onDelete('cascade');

import { getTableColumns, is, sql, SQL, type Column, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows of `table` given as one array per column, for `db.insert(table).select(rows.select)`: a
 * batch of any size is then one prepared statement with one parameter per column, where a
 * multi-row VALUES is built value by value on every call and planned by PostgreSQL for each batch
 * size. `rows.params(batch)` gives the arrays for the prepared statement's `execute`.
 *
 * An insert from a SELECT names every insertable column of the table in its order, so the
 * SELECT gives each one: from its array for the columns in `given`, else from the column's SQL or
 * constant default, else NULL. A column with a default worked out in JavaScript must be given.
 */
export function rowsFromArrays<T extends PgTable>(table: T, given: readonly (keyof T['_']['columns'] & string)[]) {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  // As drizzle's insert lists them: generated columns are left out.
  const insertable = columns.filter(([, column]) => !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert());
  const arrays = given.map((key) => {
    const column = columns.find(([name]) => name === key)?.[1];
    if (!column) throw new Error(`rowsFromArrays: ${String(key)} is not a column of the table`);
    return { key, column };
  });
  const source = sql.join(
    arrays.map(({ key, column }) => sql`${sql.placeholder(key)}::${sql.raw(column.getSQLType())}[]`),
    sql`, `,
  );
  const aliases = sql.raw(arrays.map(({ column }) => `"${column.name}"`).join(', '));
  const values = insertable.map(([key, column]) => {
    if (given.includes(key as never)) return sql`u.${sql.identifier(column.name)}`;
    if (column.defaultFn) throw new Error(`rowsFromArrays: ${key} has a JavaScript default and must be given`);
    if (column.default === undefined) return column.hasDefault ? unsupported(key) : sql`NULL`;
    if (is(column.default, SQL)) return column.default;
    return sql`${sql.param(column.default, column)}::${sql.raw(column.getSQLType())}`;
  });
  return {
    select: sql`SELECT ${sql.join(values, sql`, `)} FROM unnest(${source}) AS u(${aliases})`,
    /** One array per given column, each value as the column sends it to the database. */
    params(rows: readonly Partial<InferInsertModel<T>>[]): Record<string, unknown[]> {
      const params: Record<string, unknown[]> = {};
      for (const { key, column } of arrays) {
        params[key] = rows.map((row) => {
          const value = (row as Record<string, unknown>)[key];
          return value === undefined || value === null ? null : column.mapToDriverValue(value);
        });
      }
      return params;
    },
  };
}

function unsupported(key: string): never {
  throw new Error(`rowsFromArrays: ${key} has a database default that a SELECT cannot name (a sequence); give it`);
}

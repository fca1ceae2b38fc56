import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows of `table` given as one JSON parameter, for a statement that writes many rows whose array
 * columns differ in length from row to row (a close group's marks): `jsonb_to_recordset($1) AS
 * alias("column" type, …)`. rowsFromArrays cannot carry those (PostgreSQL's arrays of arrays are
 * rectangular), and a statement per row is built, sent and planned once per row.
 *
 * `keys` name the table's columns to carry; each row gives them by the same names (missing or
 * undefined: NULL). Dates travel as ISO strings, JSON columns as the JSON itself, arrays as JSON
 * arrays (PostgreSQL turns them into its own).
 */
export function rowsFromJson<T extends PgTable>(table: T, keys: readonly string[], rows: readonly Record<string, unknown>[], alias = 'x') {
  const columns = getTableColumns(table) as Record<string, Column>;
  const carried = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`rowsFromJson: ${key} is not a column of the table`);
    return { key, column };
  });
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(carried.map(({ key, column }) => [column.name, row[key] ?? null]))));
  const definitions = carried.map(({ column }) => `"${column.name}" ${column.getSQLType()}`).join(', ');
  return {
    /** The rows as a FROM item. */
    source: sql`jsonb_to_recordset(${json}::jsonb) AS ${sql.raw(alias)}(${sql.raw(definitions)})`,
    /** Each carried column's name, as the target list of an INSERT names them. */
    names: sql.raw(carried.map(({ column }) => `"${column.name}"`).join(', ')),
    /** Each carried column read from the rows, in the same order. */
    values: sql.raw(carried.map(({ column }) => `${alias}."${column.name}"`).join(', ')),
    /** `"column" = alias."column"` for every carried column but `except`, for an UPDATE's SET. */
    assignments(except: readonly string[] = []): SQL {
      const set = carried.filter(({ key }) => !except.includes(key)).map(({ column }) => `"${column.name}" = ${alias}."${column.name}"`);
      return sql.raw(set.join(', '));
    },
  };
}

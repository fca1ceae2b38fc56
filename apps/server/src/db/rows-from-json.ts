import { getTableColumns, is, sql, type Column, type SQL } from 'drizzle-orm';
import { PgArray, type PgTable } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's text of an array of finite numbers (`{4,-1,0.25}`), or undefined for any other
 * array. JSON's writer gives the same digits in half the time of `join`; drizzle's writer, which
 * checks each element's column class, was a tenth of the server's time in a submit wave.
 */
export function numbersAsArrayText(values: readonly unknown[]): string | undefined {
  for (const value of values) if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return `{${JSON.stringify(values).slice(1, -1)}}`;
}

/** PostgreSQL's text of an array: finite numbers as above, anything else as drizzle writes it (quoting, NULLs, nesting). */
function arrayText(column: Column, values: unknown[]): string {
  return numbersAsArrayText(values) ?? (column.mapToDriverValue(values) as string);
}

/**
 * Rows of `table` given as one JSON parameter, for a statement that writes many rows whose array
 * columns differ in length from row to row (a close group's marks): `json_to_recordset($1) AS
 * alias("column" type, …)`. rowsFromArrays cannot carry those (PostgreSQL's arrays of arrays are
 * rectangular), and a statement per row is built, sent and planned once per row.
 *
 * `keys` name the table's columns to carry; each row gives them by the same names (missing or
 * undefined: NULL). Dates travel as ISO strings, JSON columns as the JSON itself, and arrays as the
 * text of PostgreSQL's own array (arrayText), read as text and cast: PostgreSQL builds an
 * array from a JSON array one element at a time through its JSON machinery, which took about half
 * of a close group's summary write; its array input reads the same numbers in half that time.
 */
export function rowsFromJson<T extends PgTable>(table: T, keys: readonly string[], rows: readonly Record<string, unknown>[], alias = 'x') {
  const columns = getTableColumns(table) as Record<string, Column>;
  const carried = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`rowsFromJson: ${key} is not a column of the table`);
    return { key, column, isArray: is(column, PgArray) };
  });
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        carried.map(({ key, column, isArray }) => {
          const value = row[key] ?? null;
          return [column.name, isArray && value !== null ? arrayText(column, value as unknown[]) : value];
        }),
      ),
    ),
  );
  const definitions = carried.map(({ column, isArray }) => `"${column.name}" ${isArray ? 'text' : column.getSQLType()}`).join(', ');
  const read = ({ column, isArray }: (typeof carried)[number]) => `${alias}."${column.name}"${isArray ? `::${column.getSQLType()}` : ''}`;
  return {
    /** The rows as a FROM item. */
    source: sql`json_to_recordset(${json}::json) AS ${sql.raw(alias)}(${sql.raw(definitions)})`,
    /** Each carried column's name, as the target list of an INSERT names them. */
    names: sql.raw(carried.map(({ column }) => `"${column.name}"`).join(', ')),
    /** Each carried column read from the rows, in the same order. */
    values: sql.raw(carried.map(read).join(', ')),
    /** `"column" = alias."column"` for every carried column but `except`, for an UPDATE's SET. */
    assignments(except: readonly string[] = []): SQL {
      const set = carried.filter(({ key }) => !except.includes(key)).map((carriedColumn) => `"${carriedColumn.column.name}" = ${read(carriedColumn)}`);
      return sql.raw(set.join(', '));
    },
  };
}

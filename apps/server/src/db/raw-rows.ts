/** The rows of a raw `db.execute(sql…)` result, whichever driver ran it (PGlite or node-postgres). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

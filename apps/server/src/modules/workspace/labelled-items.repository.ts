import { and, asc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { LabelGoneError } from './workspace.errors.js';
import { createLabelRepository, pgErrorCode, type LabelKind } from './workspace.repository.js';

/** An item table of the workspace: owned rows with an id and a save time. */
type ItemTable = PgTable & { id: PgColumn; ownerId: PgColumn; updatedAt: PgColumn };

/** The kind's tables: its items, its item–label link table and that table's two columns. */
export interface LabelledItemTables<TItems extends ItemTable> {
  kind: LabelKind;
  items: TItems;
  links: PgTable;
  linkItemId: PgColumn;
  linkLabelId: PgColumn;
}

export type WithLabels<Row> = Row & { labels: number[] };

/**
 * What notes, bookmarks and to-dos store alike: labels of their kind, label links per item, and
 * owner-scoped find/create/update/delete that write the item and its links in one transaction.
 * A label removed between the service's ownership check and the write surfaces as LabelGoneError.
 */
export function createLabelledItemRepository<TItems extends ItemTable, Values extends object>(
  db: Db,
  tables: LabelledItemTables<TItems>,
) {
  type Row = TItems['$inferSelect'] & { id: number };
  const { kind, items, links, linkItemId, linkLabelId } = tables;
  // Insert values are keyed by the link table's property names, not its column names.
  const itemKey = keyOf(links, linkItemId);
  const labelKey = keyOf(links, linkLabelId);

  async function withLabels(tx: Db, rows: Row[]): Promise<WithLabels<Row>[]> {
    const map = new Map<number, number[]>();
    if (rows.length) {
      const found = (await tx
        .select({ itemId: linkItemId, labelId: linkLabelId })
        .from(links)
        .where(
          inArray(
            linkItemId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(linkLabelId))) as { itemId: number; labelId: number }[];
      for (const link of found) map.set(link.itemId, [...(map.get(link.itemId) ?? []), link.labelId]);
    }
    return rows.map((row) => ({ ...row, labels: map.get(row.id) ?? [] }));
  }

  async function setLabels(tx: Db, itemId: number, labelIds: number[]): Promise<void> {
    await tx.delete(links).where(eq(linkItemId, itemId));
    if (labelIds.length) await tx.insert(links).values(labelIds.map((labelId) => ({ [itemKey]: itemId, [labelKey]: labelId })) as never);
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw new LabelGoneError();
      throw error;
    }
  }

  const mine = (ownerId: number, id: number): SQL => and(eq(items.ownerId, ownerId), eq(items.id, id))!;

  return {
    labels: createLabelRepository(db, kind),

    /** The rows with their label ids, ascending. */
    withLabels: (rows: Row[]) => withLabels(db, rows),

    async findOwned(ownerId: number, id: number): Promise<WithLabels<Row> | undefined> {
      const rows = (await db.select().from(items as PgTable).where(mine(ownerId, id)).limit(1)) as Row[];
      return (await withLabels(db, rows))[0];
    },

    async create(ownerId: number, values: Values, labelIds: number[], now: Date): Promise<WithLabels<Row>> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = (await tx
            .insert(items as PgTable)
            .values({ ...values, ownerId, createdAt: now, updatedAt: now } as never)
            .returning()) as Row[];
          await setLabels(tx as unknown as Db, row!.id, labelIds);
          return { ...row!, labels: [...labelIds].sort((a, b) => a - b) };
        }),
      );
    },

    async update(ownerId: number, id: number, patch: Partial<Values>, labelIds: number[] | undefined, now: Date): Promise<WithLabels<Row> | undefined> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = (await tx
            .update(items as PgTable)
            .set({ ...patch, updatedAt: now } as never)
            .where(mine(ownerId, id))
            .returning()) as Row[];
          if (!row) return undefined;
          if (labelIds) await setLabels(tx as unknown as Db, id, labelIds);
          return (await withLabels(tx as unknown as Db, [row]))[0];
        }),
      );
    },

    async delete(ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(items as PgTable)
        .where(mine(ownerId, id))
        .returning({ id: items.id });
      return rows.length > 0;
    },
  };
}

/** The property under which `table` declares `column` (insert values are keyed by property). */
function keyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, value]) => value === column);
  if (!entry) throw new Error(`column ${column.name} is not in its link table`);
  return entry[0];
}

/**
 * The SQL a quote's and an invoice's lines share (docs/decisions/075-billing-server-shared.md):
 * reading the lines of many documents at once in their order, inserting a document's lines with
 * their positions, and replacing them all; and a document with its lines: inserted, changed, found
 * and locked. Each feature names its own tables, the column that points at the document and the
 * columns it reads back; the rows and records stay the feature's own.
 */
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { asc, eq, inArray, sql } from "../../platform/db/orm";
import type { Db } from "../../platform/db/client";

/** A document line table as the shared SQL needs it. */
export interface LineTableSpec<Parent extends string> {
  readonly table: PgTable;
  /** The column pointing at the document (`quote_id`, `invoice_id`) and its property name. */
  readonly parent: AnyPgColumn;
  readonly parentKey: Parent;
  readonly position: AnyPgColumn;
  /** The columns read back, the parent's excluded. */
  readonly columns: Record<string, AnyPgColumn>;
}

/** The shared line SQL over one table; `Line` is a stored line, `NewLine` one to insert. */
export interface DocumentLineStore<Line, NewLine> {
  /** Each document's lines in order (an empty list for a document with none). */
  linesOf(ids: readonly number[], db: Db): Promise<Map<number, Line[]>>;
  /** Inserts a document's lines, numbered from 0 in the order given. */
  insertLines(parentId: number, lines: readonly NewLine[], tx: Db): Promise<void>;
  /** Replaces every line of a document. */
  replaceLines(parentId: number, lines: readonly NewLine[], tx: Db): Promise<void>;
}

export function documentLineStore<Line, NewLine extends object, Parent extends string>(
  spec: LineTableSpec<Parent>,
): DocumentLineStore<Line, NewLine> {
  const linesOf = async (ids: readonly number[], db: Db) => {
    const out = new Map<number, Line[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const rows = (await db
      .select({ ...spec.columns, documentId: spec.parent })
      .from(spec.table)
      .where(inArray(spec.parent, [...ids]))
      .orderBy(asc(spec.parent), asc(spec.position))) as ({ documentId: number } & Line)[];
    for (const { documentId, ...line } of rows) out.get(documentId)?.push(line as Line);
    return out;
  };
  const insertLines = async (parentId: number, lines: readonly NewLine[], tx: Db) => {
    if (lines.length === 0) return;
    const rows = lines.map((l, position) => ({ ...l, [spec.parentKey]: parentId, position }));
    // The table is named by the feature, so its insert type is not known here; the rows carry
    // exactly the feature's line columns, its parent key and the position.
    await tx.insert(spec.table).values(rows as never);
  };
  const replaceLines = async (parentId: number, lines: readonly NewLine[], tx: Db) => {
    await tx.delete(spec.table).where(eq(spec.parent, parentId));
    await insertLines(parentId, lines, tx);
  };
  return { linesOf, insertLines, replaceLines };
}

/** A document table (quotes, invoices): its id column and its `updated_at`. */
interface DocumentTable extends PgTable {
  readonly id: AnyPgColumn;
}

/** A document with its lines as a record, over the feature's own table and line store. */
export interface DocumentStore<Row, Rec, NewRow, NewLine, Change> {
  insert(values: NewRow, lines: readonly NewLine[], tx: Db): Promise<Rec>;
  /** The changed columns, `updated_at` with them; null when there is no such document. */
  update(id: number, set: Change, tx: Db): Promise<Rec | null>;
  find(id: number, db: Db): Promise<Rec | null>;
  /** The document, its row locked until the transaction ends. */
  lock(id: number, tx: Db): Promise<Rec | null>;
  withLines(rows: readonly Row[], db: Db): Promise<Rec[]>;
}

export function documentStore<Row extends { id: number }, Rec, NewRow, Line, NewLine, Change>(
  table: DocumentTable,
  lines: DocumentLineStore<Line, NewLine>,
  toRecord: (row: Row, lines: Line[]) => Rec,
): DocumentStore<Row, Rec, NewRow, NewLine, Change> {
  const withLines = async (rows: readonly Row[], db: Db) => {
    const byId = await lines.linesOf(
      rows.map((r) => r.id),
      db,
    );
    return rows.map((r) => toRecord(r, byId.get(r.id) ?? []));
  };
  const first = async (rows: Row[], db: Db) => (await withLines(rows, db))[0] ?? null;
  // The table is the feature's, so drizzle's row types are not known here: the rows are the
  // feature's `Row`, and the values its own insert and change types.
  return {
    withLines,
    insert: async (values, newLines, tx) => {
      const [row] = (await tx
        .insert(table)
        .values(values as never)
        .returning()) as Row[];
      await lines.insertLines(row!.id, newLines, tx);
      return (await first([row!], tx))!;
    },
    update: async (id, set, tx) => {
      const change = { ...set, updatedAt: sql`now()` };
      const rows = (await tx
        .update(table)
        .set(change as never)
        .where(eq(table.id, id))
        .returning()) as Row[];
      return first(rows, tx);
    },
    find: async (id, db) => first((await db.select().from(table).where(eq(table.id, id))) as Row[], db),
    lock: async (id, tx) =>
      first((await tx.select().from(table).where(eq(table.id, id)).for("update")) as Row[], tx),
  };
}

/**
 * The columns and CHECK constraints every document line shares (a quote's, an invoice's): its
 * position, description, quantity in hundredths (2.5 is 250), unit price in whole pence and VAT
 * rate in hundredths of a percent (20% is 2000, null when not VAT-registered). The quotes' and the
 * invoices' tables spread these into their own line tables, so the two cannot drift apart
 * (docs/decisions/066-billing-core.md). No table of its own.
 */
import type { AnyPgColumn as AnyColumn } from "drizzle-orm/pg-core";
import { check, integer, smallint, sql, text } from "../../platform/db/orm";
import type { Hundredths } from "./contract/hundredths";

/** The shared columns of a document line; a new set each call (a column belongs to one table). */
export const documentLineColumns = () => ({
  position: smallint("position").notNull(),
  description: text("description").notNull(),
  quantityHundredths: integer("quantity_hundredths").$type<Hundredths>().notNull(),
  unitPence: integer("unit_pence").notNull(),
  /** Null when the business is not VAT-registered. */
  vatRateHundredths: integer("vat_rate_hundredths").$type<Hundredths>(),
});

/** A VAT rate column in hundredths of a percent (a price list item's). */
export const vatRateColumn = () => integer("vat_rate_hundredths").$type<Hundredths>();

interface LineColumns {
  readonly position: AnyColumn;
  readonly description: AnyColumn;
  readonly quantityHundredths: AnyColumn;
  readonly unitPence: AnyColumn;
  readonly vatRateHundredths: AnyColumn;
}

/**
 * The CHECK constraints of a document line, named `<table>_<what>`: the position below
 * `maxLines`, a description of 1 to 500 characters, a quantity of 0.01 to 10,000, the unit price
 * within `unitPence` and a VAT rate of 0 to 100%.
 */
export const documentLineChecks = (
  table: string,
  t: LineColumns,
  limits: { maxPosition: number; unitPence: readonly [number, number] },
) => [
  check(`${table}_position`, sql`${t.position} between 0 and ${sql.raw(String(limits.maxPosition))}`),
  check(`${table}_description_length`, sql`char_length(${t.description}) between 1 and 500`),
  check(`${table}_quantity`, sql`${t.quantityHundredths} between 1 and 1000000`),
  check(
    `${table}_unit_pence`,
    sql`${t.unitPence} between ${sql.raw(String(limits.unitPence[0]))} and ${sql.raw(String(limits.unitPence[1]))}`,
  ),
  vatRateCheck(`${table}_vat_rate`, t.vatRateHundredths),
];

/** A VAT rate in hundredths: null, or 0 to 100%. */
export const vatRateCheck = (name: string, column: AnyColumn) =>
  check(name, sql`${column} is null or ${column} between 0 and 10000`);

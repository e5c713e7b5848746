/**
 * A document line on its way to and from its table: the quantity and VAT rate become hundredths
 * (src/features/billing/contract/hundredths.ts) here and nowhere else, and a VAT-registered line
 * must carry one of the configured rates (docs/decisions/066-billing-core.md).
 */
import { site } from "../../config/site";
import { Invalid } from "../../platform/domain-errors";
import type { Pence, VatRate } from "../../platform/money";
import {
  hundredthsToPercent,
  hundredthsToQuantity,
  percentToHundredths,
  quantityToHundredths,
  type Hundredths,
} from "./contract/hundredths";
import { lineNetPence } from "./contract/totals";

/** A line as its table stores it. */
export interface StoredLine {
  readonly description: string;
  readonly quantityHundredths: Hundredths;
  readonly unitPence: Pence;
  readonly vatRateHundredths: Hundredths | null;
}

/** A line as typed or sent: a quantity with up to two decimals, a rate in percent. */
export interface LineInput {
  readonly description: string;
  readonly quantity: number;
  readonly unitPence: Pence;
  readonly vatRate?: VatRate | null | undefined;
}

/**
 * Lines as stored, with each VAT rate checked against the setting: VAT-registered, a line needs
 * one of the configured rates; not registered, rates are dropped. Invalid names the line under
 * `field`.
 */
export function linesToStore(
  lines: readonly LineInput[],
  vatRegistered: boolean,
  field = "lines",
): StoredLine[] {
  const rates = site.vat.rates as readonly number[];
  return lines.map((l, i) => {
    if (vatRegistered && (l.vatRate == null || !rates.includes(l.vatRate))) {
      throw new Invalid("Please check the highlighted fields.", {
        fields: {
          [field]: `Line ${i + 1}: Please choose a VAT rate (${rates.map((r) => `${r}%`).join(", ")}).`,
        },
      });
    }
    return {
      description: l.description,
      quantityHundredths: quantityToHundredths(l.quantity),
      unitPence: l.unitPence,
      vatRateHundredths: vatRegistered ? percentToHundredths(l.vatRate!) : null,
    };
  });
}

/** A stored line's figures back as numbers: its quantity, unit price and rate (null when not registered). */
export function lineFromStored(
  l: Pick<StoredLine, "quantityHundredths" | "unitPence" | "vatRateHundredths">,
  vatRegistered: boolean,
): { quantity: number; unitPence: Pence; vatRate: VatRate | null } {
  return {
    quantity: hundredthsToQuantity(l.quantityHundredths),
    unitPence: l.unitPence,
    vatRate: vatRegistered ? (hundredthsToPercent(l.vatRateHundredths) ?? 0) : null,
  };
}

/** A stored line with its figures read back and its net worked out. */
export function pricedLine<L extends StoredLine & { id: number; position: number }>(
  l: L,
  vatRegistered: boolean,
) {
  const line = {
    id: l.id,
    position: l.position,
    description: l.description,
    ...lineFromStored(l, vatRegistered),
  };
  return { ...line, netPence: lineNetPence(line) };
}

/** Stored lines' rates as they were written (null stays null), for sums of lines not yet stored. */
export const storedForTotals = (lines: readonly StoredLine[]) =>
  lines.map((l) => ({
    quantity: hundredthsToQuantity(l.quantityHundredths),
    unitPence: l.unitPence,
    vatRate: hundredthsToPercent(l.vatRateHundredths),
  }));

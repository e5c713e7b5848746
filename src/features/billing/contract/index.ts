/**
 * The billing core's browser-safe contract: document lines' sums, VAT bands, deposits and the
 * hundredths a quantity or rate is stored in (docs/decisions/066-billing-core.md).
 */
export * from "./hundredths";
export * from "./totals";
export * from "./schemas";

/** Invoices' browser-safe contract: the endpoints, the rules and the sums (docs/decisions/032-invoices.md). */
export * from "./endpoints";
export * from "./rules";
export * from "./totals";
export * from "./customer";

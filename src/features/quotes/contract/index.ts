/** Quotes' browser-safe contract: the endpoints, the rules and the sums (docs/decisions/029-quotes.md). */
export * from "./endpoints";
export * from "./rules";
export * from "./totals";

/**
 * Appointments, the part both the browser and the server use: dates as `YYYY-MM-DD` strings,
 * arrival windows and their labels, and the booking rules (about 3 KB of gzip with the site config).
 * The preferred-option schema is in `./schema` and is not re-exported here, so importing a label
 * helper never brings zod into a page.
 */
export * from "./dates";
export * from "./rules";
export * from "./windows";

/**
 * Appointments, the part both the browser and the server use: dates as `YYYY-MM-DD` strings,
 * arrival windows and their labels, the booking rules and the preferred-option schema. Import a
 * single module (e.g. `./windows`) where zod is not wanted.
 */
export * from "./dates";
export * from "./rules";
export * from "./schema";
export * from "./windows";

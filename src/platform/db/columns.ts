/** Column helpers every feature's tables use. */
import { sql, timestamp } from "./orm";

/** `'a', 'b', …` for a CHECK … IN (…) over a fixed list of names. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Calendar dates as plain `YYYY-MM-DD` strings: what a native date input sends, what Postgres's
 * `date` type returns, and what sorts correctly as text. They live in the time module with the
 * one way of writing them (src/platform/time.ts); appointments code imports them from here too.
 */
export {
  addDays,
  datesBetween,
  daysBetween,
  formatDate,
  formatDayMonth,
  isIsoDate,
  monthNames,
  parseIsoDate,
  weekdayNames,
  weekdayOf,
  type IsoDate,
  type Weekday,
} from "../../../platform/time";

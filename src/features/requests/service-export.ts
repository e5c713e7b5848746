/**
 * The inbox as a CSV file, for whatever filter the owner has on screen.
 *
 * - RFC 4180: comma-separated, CRLF line ends, every field in double quotes with inner quotes
 *   doubled, so commas and line breaks inside a message stay in their cell.
 * - UTF-8 with a byte-order mark, so Excel opens names like "Zoë" correctly.
 * - Formula injection neutralised: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 *   return would be run as a formula by spreadsheet programs, so it gets a leading apostrophe
 *   (`=HYPERLINK("x")` exports as the text `'=HYPERLINK("x")`). Phone numbers written "+44 …"
 *   therefore show a leading apostrophe too.
 * - Streamed: rows are read a page at a time (keyset, 500 rows) and written out as they come, so
 *   memory holds one page whatever the size of the export.
 */
import { formatIsoDateTime } from "../../platform/time";
import { requestReference } from "./contract/reference";
import { stateInfo } from "./contract/states";
import { serviceLabel } from "../../lib/service-catalog";
import { getDb, type Db } from "../../platform/db/client";
import { logEvent } from "../../platform/log";
import * as search from "./repository-search";
import type { CustomerRequest } from "./repository";

const formulaStart = /^[=+\-@\t\r]/;

/** One CSV field: neutralised against formulas, quoted, quotes doubled. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;

export const csvHeader = [
  "Reference",
  "Type",
  "State",
  "Received",
  "Name",
  "Email",
  "Phone",
  "Address",
  "Service",
  "Message",
  "Read",
  "Archived",
  "State changed",
] as const;

function toCells(s: CustomerRequest) {
  return [
    requestReference(s),
    s.formType === "booking" ? "Booking" : "Contact",
    stateInfo[s.state].label,
    formatIsoDateTime(s.submittedAt),
    s.name,
    s.email,
    s.phone,
    s.address ?? "",
    s.service ? serviceLabel(s.service) : "",
    s.message,
    s.isRead ? "Yes" : "No",
    s.archivedAt ? formatIsoDateTime(s.archivedAt) : "",
    formatIsoDateTime(s.stateChangedAt),
  ];
}

const bom = "\uFEFF";

/** The export as a byte stream; each pull reads and encodes the next page. */
export function exportCsv(
  filter: search.InboxFilter,
  db: Db = getDb(),
  pageSize = 500,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = search.pages(filter, pageSize, db);
  let rows = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(bom + csvRow(csvHeader)));
    },
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) {
          logEvent({ event: "admin.export_csv", rows });
          controller.close();
          return;
        }
        rows += next.value.length;
        controller.enqueue(encoder.encode(next.value.map((s) => csvRow(toCells(s))).join("")));
      } catch (error) {
        logEvent({
          event: "admin.export_csv_failed",
          level: "error",
          rows,
          error: error instanceof Error ? error.name : "unknown",
        });
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/** "requests-2026-11-23.csv" */
export const exportFileName = (now = new Date()) => `requests-${formatIsoDateTime(now).slice(0, 10)}.csv`;

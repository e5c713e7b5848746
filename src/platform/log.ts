/**
 * One JSON line per request (route, method, status, duration; an error code or the internal error's
 * name). Never a body, a header value, an IP or anything a person typed. `setLogSink` lets tests
 * and the benchmark capture or silence the lines.
 */
export interface RequestLogLine {
  level: "info" | "warn" | "error";
  msg: "request";
  route: string;
  method: string;
  status: number;
  durationMs: number;
  code?: string;
  error?: string;
}

type Sink = (line: string) => void;
let sink: Sink = (line) => console.log(line);

export function setLogSink(next: Sink): Sink {
  const previous = sink;
  sink = next;
  return previous;
}

export function logRequest(entry: Omit<RequestLogLine, "level" | "msg">): void {
  const level = entry.status >= 500 ? "error" : entry.status >= 400 ? "warn" : "info";
  sink(JSON.stringify({ time: new Date().toISOString(), level, msg: "request", ...entry }));
}

/**
 * Any other structured event, one JSON line: `logEvent({ event: "mail.retry", sent: 2 })`.
 * Same rule as requests: counts, ids and codes only, never what a person typed.
 */
export function logEvent(
  fields: { event: string; level?: "info" | "warn" | "error" } & Record<string, unknown>,
): void {
  const { level = "info", ...rest } = fields;
  sink(JSON.stringify({ time: new Date().toISOString(), level, ...rest }));
}

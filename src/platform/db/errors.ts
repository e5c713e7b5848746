/**
 * Recognise database errors by what they mean, through Drizzle's wrapping (`err.cause`).
 * - `isDatabaseUnavailable`: the database cannot be reached or is not serving (answer 503).
 * - `pgErrorCode`: the SQLSTATE of a PostgreSQL error anywhere in the cause chain, e.g. "23505".
 */

/** Node socket errors, and the connection codes drivers put on errors. */
const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * SQLSTATEs that mean "not serving right now": class 08 (connection exception), 53300 (too many
 * connections, e.g. the pooler is full), 57P01-57P03 (shutdown, crash, starting up), 3D000 and
 * 28P01 (wrong database or password: a deploy mistake the visitor cannot fix either).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith("08") || ["53300", "57P01", "57P02", "57P03", "3D000", "28P01", "28000"].includes(code)
  );
}

/**
 * node-postgres reports a lost or refused connection with a plain Error and no code: these are its
 * messages (pg/lib/client.js, pg-pool/index.js), matched by their start.
 */
const nodePostgresConnectionMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function pgErrorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e["code"] === "string" && /^[0-9A-Z]{5}$/.test(e["code"]) && e["severity"] !== undefined) {
      return e["code"];
    }
    // PGlite's DatabaseError carries the SQLSTATE too.
    if (typeof e["code"] === "string" && /^[0-9A-Z]{5}$/.test(e["code"]) && e["name"] === "error") {
      return e["code"];
    }
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = e["code"];
    if (typeof code === "string") {
      if (connectionErrorCodes.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
    }
    const message = typeof e["message"] === "string" ? e["message"] : "";
    // PGlite after close(), and a missing DATABASE_URL (src/platform/env.ts).
    if (message.includes("PGlite is closed") || message.startsWith("Invalid server environment")) return true;
    if (nodePostgresConnectionMessages.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

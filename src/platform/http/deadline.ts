/**
 * The longest a request may wait on its work. A database that accepts connections but never
 * answers, or a pool waiting for a connection, would otherwise hold the request until the platform
 * kills the function. Past the deadline the request answers 503 and the database pool is closed,
 * connections in use included (which aborts any open transaction, so nothing is half-written).
 *
 * A write that has committed changes that: from then on the answer waits for the remaining work
 * (e.g. a bounded e-mail attempt) and reports the commit truthfully, however late. The service
 * context's `writes` hooks (src/platform/context.ts) tell the deadline both moments.
 */
import { closeDb } from "../db/client";
import { serviceUnavailable } from "./errors";

class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
}

/** One request's progress as the deadline sees it. */
export class RequestProgress {
  committed = false;
  abandoned = false;

  /** The hooks a service context carries. */
  readonly writes = {
    /** Throws once the deadline has answered 503, so late work never stores what was refused. */
    starting: () => {
      if (this.abandoned) throw new DeadlineExceeded("request abandoned at its deadline");
    },
    committed: () => {
      this.committed = true;
    },
  };
}

let deadlineMs = 8000;

/** Sets the deadline (tests shorten it); returns the previous one. */
export function setRequestDeadline(ms: number): number {
  const previous = deadlineMs;
  deadlineMs = ms;
  return previous;
}

export async function withDeadline<T>(work: Promise<T>, progress: RequestProgress): Promise<T> {
  const ms = deadlineMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      if (progress.committed) return work; // the row is stored: answer truthfully, however late
      progress.abandoned = true;
      work.catch(() => {}); // the abandoned work fails once the client is closed
      await closeDb().catch(() => {});
      throw serviceUnavailable(error);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

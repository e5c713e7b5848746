/**
 * Serves one PGlite database to many local Postgres clients (the functions under `netlify dev`,
 * scripts, tests) over TCP on loopback.
 *
 * PGlite has a single backend session, so every client's protocol messages are run one after
 * another on it. The stock queue in @electric-sql/pglite-socket 0.2.17 schedules single messages
 * and keeps a client on the session only inside a SQL transaction. That is not enough for the
 * extended query protocol: the unnamed statement and portal live from Parse until Sync, so two
 * clients' Parse/Bind/Execute/Sync sequences interleave and one binds the other's statement
 * ("unnamed prepared statement does not exist", 26000; protocol errors, 08P01; or, when the shapes
 * match, silently wrong rows). A failed message also left that queue stopped for good. Upstream:
 * electric-sql/pglite issue #1046 and pull request #977, both open.
 *
 * This module keeps the library's socket handler (startup, SSL refusal, message framing) and
 * hands it a queue of our own with two rules:
 *  - a client owns the session from its first extended-protocol message until its Sync, and for
 *    as long as it has a transaction open; nobody else's messages run meanwhile;
 *  - a message that throws fails that client only; the queue keeps going.
 * When a client goes away mid-sequence or mid-transaction, its leftovers are cleared (Sync, then
 * ROLLBACK) before anyone else runs.
 */
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import type { PGlite } from "@electric-sql/pglite";
import { createServer, type AddressInfo, type Socket } from "node:net";

type QueueOption = ConstructorParameters<typeof PGLiteSocketHandler>[0]["queryQueue"];

interface Job {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

const code = (c: string) => c.charCodeAt(0);
/** Frontend messages that open or continue an extended-protocol sequence (ended by Sync). */
const extended = new Set(["P", "B", "D", "E", "C", "H"].map(code));
const SYNC = code("S");
const QUERY = code("Q");
const syncMessage = new Uint8Array([SYNC, 0, 0, 0, 4]);

/** A simple-protocol Query message (run with execProtocolRaw inside runExclusive: exec() would wait on the lock). */
function queryMessage(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, "utf8");
  const message = Buffer.alloc(5 + body.length);
  message.writeUInt8(QUERY, 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return new Uint8Array(message);
}
const rollbackMessage = queryMessage("ROLLBACK");

export class SessionQueue {
  private jobs: Job[] = [];
  private running = false;
  /** The client whose sequence or transaction is open on the session, if any. */
  private owner: number | null = null;
  private midSequence = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(handlerId: number): void {
    const mine = this.jobs.filter((j) => j.handlerId === handlerId);
    this.jobs = this.jobs.filter((j) => j.handlerId !== handlerId);
    for (const job of mine) job.reject(new Error("Client disconnected"));
  }

  /** The client went away: end its open sequence and transaction, then let the others run. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner === handlerId) {
      await this.db.runExclusive(async () => {
        if (this.midSequence) await this.db.execProtocolRaw(syncMessage);
        if (this.db.isInTransaction()) await this.db.execProtocolRaw(rollbackMessage);
      });
      this.owner = null;
      this.midSequence = false;
    }
    void this.pump();
  }

  private holdsSession(): boolean {
    return this.owner !== null && (this.midSequence || this.db.isInTransaction());
  }

  private next(): Job | undefined {
    const index = this.holdsSession() ? this.jobs.findIndex((j) => j.handlerId === this.owner) : 0;
    return index === -1 ? undefined : this.jobs.splice(index, 1)[0];
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.next(); job; job = this.next()) {
        const type = job.message[0]!;
        this.owner = job.handlerId;
        if (extended.has(type)) this.midSequence = true;
        else if (type === SYNC || type === QUERY) this.midSequence = false;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(job.message, {
              onRawData: (data) => {
                bytes += data.length;
                job.onData(data);
              },
            }),
          );
          job.resolve(bytes);
        } catch (error) {
          job.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } finally {
      this.running = false;
    }
  }
}

export interface LocalDbServer {
  /** postgres://… on 127.0.0.1 */
  url: string;
  port: number;
  connections: () => number;
  stop: () => Promise<void>;
}

/** Serves `db` on 127.0.0.1 (port 0 picks a free one). */
export async function serveLocalDb(
  db: PGlite,
  { port = 0, maxConnections = 64 }: { port?: number; maxConnections?: number } = {},
): Promise<LocalDbServer> {
  const queue = new SessionQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    if (handlers.size >= maxConnections) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const handler = new PGLiteSocketHandler({
      queryQueue: queue as unknown as QueueOption,
      closeOnDetach: true,
    });
    handlers.add(handler);
    const forget = () => {
      handlers.delete(handler);
      sockets.delete(socket);
    };
    handler.addEventListener("close", forget);
    handler.addEventListener("error", forget);
    void handler.attach(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${actual}/postgres`,
    port: actual,
    connections: () => handlers.size,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...handlers].map((h) => h.detach(true).catch(() => h)));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

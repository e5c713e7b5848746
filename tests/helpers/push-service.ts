/**
 * A loopback push service, for the push tests and the bench: it plays the browser maker's server.
 * Each `subscribe()` makes a browser's keys (a P-256 key pair and a 16-byte auth secret, as a
 * browser does) and an endpoint on this server. Every request it gets is checked as a real push
 * service checks it, and then opened as the browser would:
 *
 *   - the VAPID header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 with the
 *     key in `k`, its audience this server's origin, a `mailto:` or https subject, expiry within 24 h;
 *   - the body, aes128gcm (RFC 8188) with the keys of RFC 8291, decrypted with the subscription's
 *     private key and auth secret (`decryptAes128gcm` below, node:crypto only).
 *
 * A request that fails either check is answered 400 and recorded with its problem. `answer(id)`
 * sets the status a subscription's endpoint gives (e.g. 410 for a subscription the browser dropped).
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface BrowserKeys {
  /** The browser's P-256 key pair (its public key is the subscription's p256dh). */
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushReceived {
  path: string;
  headers: IncomingHttpHeaders;
  /** performance.now() when the request's body had arrived. */
  at: number;
  /** The decrypted payload, parsed as JSON (null when a check failed). */
  payload: { title: string; body: string; url: string; tag: string } | null;
  claims: { aud: string; exp: number; sub: string } | null;
  problem: string | null;
}

/** A browser's keys for a new subscription. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

const info = (label: string, ...parts: Buffer[]) => Buffer.concat([Buffer.from(label, "latin1"), ...parts]);

/**
 * Decrypts an aes128gcm body (RFC 8188) encrypted for a browser (RFC 8291):
 * header salt(16) | rs(4) | idlen(1) | keyid (the sender's ephemeral public key, 65 bytes);
 * IKM = HKDF(auth, ECDH(ua, as), "WebPush: info\0" ua_public as_public, 32);
 * CEK = HKDF(salt, IKM, "Content-Encoding: aes128gcm\0", 16), NONCE = HKDF(…, "…: nonce\0", 12).
 * One record; the plaintext ends with the padding delimiter 0x02 and zero or more zero bytes.
 */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): Buffer {
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 public key (65)`);
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error("more than one record");
  const uaPublic = keys.ecdh.getPublicKey();
  const shared = keys.ecdh.computeSecret(senderPublic);
  const ikm = Buffer.from(
    hkdfSync("sha256", shared, keys.auth, info("WebPush: info\0", uaPublic, senderPublic), 32),
  );
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, info("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, info("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error("no last-record padding delimiter (0x02)");
  return padded.subarray(0, end);
}

/**
 * Checks a VAPID Authorization header (RFC 8292) for `audience`; returns the JWT's claims and the
 * public key it names, or throws saying what is wrong.
 */
export function verifyVapid(header: string | undefined, audience: string, now = Date.now()) {
  const m = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const head = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg: string; typ: string };
  if (head.alg !== "ES256") throw new Error(`JWT alg ${head.alg}, not ES256`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${h}.${p}`);
  if (!verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"))) {
    throw new Error("the JWT's ES256 signature does not verify with k");
  }
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud}, expected ${audience}`);
  const seconds = now / 1000;
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 3600 + 60))
    throw new Error(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/.+)$/.test(claims.sub))
    throw new Error(`sub ${claims.sub} is not mailto: or https:`);
  return { claims, publicKey: k };
}

/**
 * Starts the loopback push service on 127.0.0.1 (`port`, default any free one). The server takes a
 * loopback endpoint only at LOCAL_PUSH_ORIGIN: a test in the same process sets it to this
 * service's `origin`; the browser tests' stack is started with it (playwright.config.ts `pushPort`).
 */
export async function startPushService(options: { vapidPublicKey?: string; port?: number } = {}) {
  const keys = new Map<string, BrowserKeys>();
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const received: PushReceived[] = [];
  const waiters = new Set<() => void>();
  let next = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      const path = req.url ?? "";
      const entry: PushReceived = {
        path,
        headers: req.headers,
        at,
        payload: null,
        claims: null,
        problem: null,
      };
      try {
        const browser = keys.get(path);
        if (!browser) throw new Error(`no subscription at ${path}`);
        const { claims, publicKey } = verifyVapid(req.headers.authorization, origin);
        if (options.vapidPublicKey && publicKey !== options.vapidPublicKey)
          throw new Error("k is not the server's VAPID key");
        if (req.headers["content-encoding"] !== "aes128gcm")
          throw new Error("Content-Encoding is not aes128gcm");
        if (!req.headers.ttl || !/^\d+$/.test(String(req.headers.ttl))) throw new Error("no TTL header");
        entry.claims = claims;
        entry.payload = JSON.parse(
          decryptAes128gcm(Buffer.concat(chunks), browser).toString("utf8"),
        ) as PushReceived["payload"];
      } catch (error) {
        entry.problem = error instanceof Error ? error.message : String(error);
      }
      received.push(entry);
      for (const wake of waiters) wake();
      const answer = answers.get(path);
      res.statusCode = entry.problem ? 400 : (answer?.status ?? 201);
      for (const [name, value] of Object.entries(answer?.headers ?? {})) res.setHeader(name, value);
      res.end();
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A new browser subscription (PushSubscription.toJSON()) and its keys. */
    subscribe(): { subscription: Subscription; keys: BrowserKeys; path: string } {
      const path = `/push/${++next}-${randomBytes(4).toString("hex")}`;
      const browser = browserKeys();
      keys.set(path, browser);
      return {
        path,
        keys: browser,
        subscription: {
          endpoint: origin + path,
          expirationTime: null,
          keys: {
            p256dh: browser.ecdh.getPublicKey().toString("base64url"),
            auth: browser.auth.toString("base64url"),
          },
        },
      };
    },
    /** The status (and headers, e.g. a Location) this endpoint answers from now on (201 by default). */
    answer(path: string, status: number, headers: Record<string, string> = {}) {
      answers.set(path, { status, headers });
    },
    /** What arrived at one endpoint. */
    at(path: string) {
      return received.filter((r) => r.path === path);
    },
    /** Waits until `count` requests arrived at `path` (or `timeoutMs` passed: then throws). */
    async waitFor(path: string, count = 1, timeoutMs = 10_000): Promise<PushReceived[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.filter((r) => r.path === path).length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`${count} push request(s) at ${path} did not arrive in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return received.filter((r) => r.path === path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

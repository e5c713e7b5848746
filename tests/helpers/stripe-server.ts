/**
 * A Stripe-compatible test server on loopback, for the payments tests, the browser test and the
 * bench (stripe-mock, Stripe's own, is a Go binary that cannot be installed here). It speaks Stripe's
 * wire format for the endpoints the site uses, so the official `stripe` library talks to it
 * unchanged through its `host`/`port`/`protocol` options (STRIPE_API_BASE):
 *
 *   POST /v1/checkout/sessions            a Checkout Session (form-encoded, bracket notation)
 *   GET  /v1/payment_intents/:id          with `expand[]=latest_charge.balance_transaction`
 *   POST /v1/refunds, GET /v1/refunds     a refund of a PaymentIntent; the refunds of one
 *   GET  /checkout/:session               the "hosted" page a customer is sent to (a test page)
 *
 * What it checks, as Stripe does: a `Bearer sk_test_…` key (401 otherwise), form encoding, the
 * parameters each endpoint knows (an unknown one is `parameter_unknown`), the required ones
 * (`parameter_missing`), amounts as positive whole numbers of the smallest unit, a lower-case
 * currency, metadata limits (50 keys, 40-character keys, 500-character values); a failure answers
 * Stripe's error envelope `{ error: { type, code, message, param } }`. Objects are shaped as the API
 * reference gives them (the fields the site reads and their neighbours; not every field). It does
 * not check the full OpenAPI schema: no npm package ships Stripe's specification.
 *
 * Tests drive the other side: `pay(sessionId)` plays the customer paying (a PaymentIntent, its
 * charge and balance transaction with Stripe's UK fee) and returns the `checkout.session.completed`
 * event; `signed(event)` gives the body and the `Stripe-Signature` header made by the library's own
 * `generateTestHeaderString`; `refunded(refundId)` settles a refund and gives `charge.refunded`;
 * `outage(true)` makes every API call answer 500 `api_error`. Every request is recorded.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body decoded into nested objects and arrays (bracket notation). */
  params: Record<string, unknown>;
  status: number;
}

type Obj = Record<string, unknown>;

/** Stripe's form encoding: `a[b][0][c]=1` → { a: { b: [ { c: "1" } ] } }. */
export function decodeStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Obj | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else node = (slot[part] ??= nextIsIndex ? [] : {}) as Obj | unknown[];
    });
  }
  return root;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) =>
  new StripeError(
    400,
    "invalid_request_error",
    "parameter_missing",
    `Missing required param: ${param}.`,
    param,
  );
const unknown = (param: string) =>
  new StripeError(
    400,
    "invalid_request_error",
    "parameter_unknown",
    `Received unknown parameter: ${param}`,
    param,
  );
const invalid = (param: string, message: string) =>
  new StripeError(400, "invalid_request_error", "parameter_invalid_integer", message, param);

function onlyKnown(params: Obj, known: readonly string[], prefix = ""): void {
  for (const key of Object.keys(params)) if (!known.includes(key)) throw unknown(prefix + key);
}

function positiveInt(value: unknown, param: string): number {
  if (typeof value !== "string" || !/^[1-9]\d*$/.test(value)) {
    throw invalid(param, `Invalid integer: ${String(value)}`);
  }
  return Number(value);
}

function checkMetadata(meta: unknown, param: string): Record<string, string> {
  if (meta === undefined) return {};
  const m = meta as Record<string, string>;
  const keys = Object.keys(m);
  if (keys.length > 50) throw invalid(param, "Metadata can have at most 50 keys.");
  for (const k of keys) {
    if (k.length > 40) throw invalid(`${param}[${k}]`, "Metadata keys can be at most 40 characters.");
    if (String(m[k]).length > 500)
      throw invalid(`${param}[${k}]`, "Metadata values can be at most 500 characters.");
  }
  return m;
}

const sessionParams = [
  "mode",
  "currency",
  "line_items",
  "allowed_payment_method_types",
  "customer_email",
  "client_reference_id",
  "metadata",
  "payment_intent_data",
  "success_url",
  "cancel_url",
  "expires_at",
  "expand",
] as const;

/** Stripe's standard UK card fee: 1.5% + 20p, rounded to the penny. */
export const ukCardFee = (amount: number) => Math.round(amount * 0.015) + 20;

export async function startStripeServer(options: {
  webhookSecret: string;
  /** A fixed port (the browser tests' host); any free one otherwise. */
  port?: number;
  /**
   * Where to post the signed events when a customer pays on the test checkout page (as Stripe does):
   * after `webhookDelayMs`, so the customer is back on the site before the event arrives.
   */
  webhookUrl?: string;
  webhookDelayMs?: number;
}) {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  let down = false;
  let origin = "";
  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);

  function createSession(p: Obj): Obj {
    onlyKnown(p, sessionParams);
    if (p["mode"] !== "payment") throw p["mode"] ? invalid("mode", "Invalid mode.") : missing("mode");
    if (!p["success_url"]) throw missing("success_url");
    const items = p["line_items"] as Obj[] | undefined;
    if (!items?.length) throw missing("line_items");
    let total = 0;
    let currency = "";
    items.forEach((item, i) => {
      onlyKnown(item, ["quantity", "price_data", "price"], `line_items[${i}][`);
      const price = item["price_data"] as Obj | undefined;
      if (!price) throw missing(`line_items[${i}][price_data]`);
      onlyKnown(price, ["currency", "unit_amount", "product_data"], `line_items[${i}][price_data][`);
      currency = String(price["currency"] ?? "");
      if (!/^[a-z]{3}$/.test(currency))
        throw invalid(`line_items[${i}][price_data][currency]`, "Invalid currency.");
      if (!(price["product_data"] as Obj | undefined)?.["name"]) {
        throw missing(`line_items[${i}][price_data][product_data][name]`);
      }
      total +=
        positiveInt(price["unit_amount"], `line_items[${i}][price_data][unit_amount]`) *
        positiveInt(item["quantity"], `line_items[${i}][quantity]`);
    });
    const intentData = (p["payment_intent_data"] ?? {}) as Obj;
    onlyKnown(intentData, ["description", "metadata"], "payment_intent_data[");
    const session: Obj = {
      id: id("cs"),
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      currency,
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      customer_email: p["customer_email"] ?? null,
      client_reference_id: p["client_reference_id"] ?? null,
      metadata: checkMetadata(p["metadata"], "metadata"),
      allowed_payment_method_types: (p["allowed_payment_method_types"] as string[] | undefined) ?? null,
      payment_method_types: (p["allowed_payment_method_types"] as string[] | undefined) ?? ["card"],
      success_url: p["success_url"],
      cancel_url: p["cancel_url"] ?? null,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      url: "",
      _intentMetadata: checkMetadata(intentData["metadata"], "payment_intent_data[metadata]"),
    };
    session["url"] = `${origin}/checkout/${session["id"]}`;
    sessions.set(session["id"] as string, session);
    return session;
  }

  const publicSession = (s: Obj) => {
    const copy = { ...s };
    delete copy["_intentMetadata"];
    return copy;
  };

  function retrieveIntent(intentId: string, query: URLSearchParams): Obj {
    const intent = intents.get(intentId);
    if (!intent) {
      throw new StripeError(
        404,
        "invalid_request_error",
        "resource_missing",
        `No such payment_intent: '${intentId}'`,
        "id",
      );
    }
    const decoded = decodeStripeForm(query.toString());
    const expand = Array.isArray(decoded["expand"]) ? (decoded["expand"] as string[]) : [];
    const charge = { ...(intent["_charge"] as Obj) };
    if (!expand.includes("latest_charge.balance_transaction"))
      charge["balance_transaction"] = (charge["balance_transaction"] as Obj)["id"];
    const out: Obj = {
      ...intent,
      latest_charge: expand.some((e) => e.startsWith("latest_charge")) ? charge : charge["id"],
    };
    delete out["_charge"];
    return out;
  }

  function createRefund(p: Obj, headers: IncomingHttpHeaders): Obj {
    onlyKnown(p, ["payment_intent", "amount", "reason", "metadata"]);
    const intentId = p["payment_intent"] as string | undefined;
    if (!intentId) throw missing("payment_intent");
    const intent = intents.get(intentId);
    if (!intent)
      throw new StripeError(
        404,
        "invalid_request_error",
        "resource_missing",
        `No such payment_intent: '${intentId}'`,
        "payment_intent",
      );
    const key = headers["idempotency-key"];
    const same = [...refunds.values()].find((r) => key && r["_key"] === key);
    if (same) return same;
    const amount =
      p["amount"] === undefined ? (intent["amount"] as number) : positiveInt(p["amount"], "amount");
    const already = [...refunds.values()]
      .filter((r) => r["payment_intent"] === intentId)
      .reduce((s, r) => s + (r["amount"] as number), 0);
    if (amount + already > (intent["amount"] as number)) {
      throw new StripeError(
        400,
        "invalid_request_error",
        "amount_too_large",
        "Refund amount is greater than unrefunded amount on charge.",
        "amount",
      );
    }
    const refund: Obj = {
      id: id("re"),
      object: "refund",
      amount,
      currency: intent["currency"],
      payment_intent: intentId,
      charge: (intent["_charge"] as Obj)["id"],
      reason: p["reason"] ?? null,
      metadata: checkMetadata(p["metadata"], "metadata"),
      status: "pending",
      created: now(),
      _key: key,
    };
    refunds.set(refund["id"] as string, refund);
    return refund;
  }

  const strip = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith("_")));

  function route(method: string, url: URL, params: Obj, headers: IncomingHttpHeaders): [number, unknown] {
    const path = url.pathname;
    if (method === "POST" && path === "/v1/checkout/sessions")
      return [200, publicSession(createSession(params))];
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && intentMatch) return [200, retrieveIntent(intentMatch[1]!, url.searchParams)];
    if (method === "POST" && path === "/v1/refunds") return [200, strip(createRefund(params, headers))];
    if (method === "GET" && path === "/v1/refunds") {
      const pi = url.searchParams.get("payment_intent");
      const data = [...refunds.values()].filter((r) => !pi || r["payment_intent"] === pi).map(strip);
      return [200, { object: "list", data, has_more: false, url: "/v1/refunds" }];
    }
    throw new StripeError(
      404,
      "invalid_request_error",
      "resource_missing",
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    await once(req, "end");
    const url = new URL(req.url ?? "/", origin);
    const body = Buffer.concat(chunks).toString("utf8");
    const record: StripeRequest = {
      method: req.method ?? "",
      path: url.pathname,
      headers: req.headers,
      params: {},
      status: 0,
    };
    const send = (status: number, payload: unknown, type = "application/json") => {
      record.status = status;
      res.writeHead(status, { "Content-Type": type, "Request-Id": `req_${randomBytes(7).toString("hex")}` });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    };
    const paying = /^\/checkout\/(cs_test_[0-9a-f]+)\/pay$/.exec(url.pathname);
    if (req.method === "POST" && paying && sessions.has(paying[1]!)) {
      // The customer pays on "Stripe's page": back to the site at once, the signed event a moment later.
      const evt = api.pay(paying[1]!);
      const target = sessions.get(paying[1]!)!["success_url"] as string;
      record.status = 303;
      requests.push(record);
      res.writeHead(303, { Location: target });
      res.end();
      if (options.webhookUrl) {
        const { payload, header } = api.signed(evt);
        setTimeout(() => {
          void fetch(options.webhookUrl!, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Stripe-Signature": header },
            body: payload,
          }).catch(() => {});
        }, options.webhookDelayMs ?? 1500);
      }
      return;
    }
    const checkout = /^\/checkout\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
    if (req.method === "GET" && checkout) {
      const s = sessions.get(checkout[1]!);
      record.status = s ? 200 : 404;
      requests.push(record);
      send(
        s ? 200 : 404,
        s
          ? `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Test checkout</title></head><body><main><h1>Test checkout</h1><p data-session="${s["id"]}">£${((s["amount_total"] as number) / 100).toFixed(2)} to ${String(s["customer_email"] ?? "")}</p><form method="post" action="/checkout/${s["id"]}/pay"><button type="submit">Pay</button></form></main></body></html>`
          : "Not found",
        "text/html; charset=utf-8",
      );
      return;
    }
    try {
      if (down)
        throw new StripeError(500, "api_error", undefined, "An unknown error occurred (test outage).");
      if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? "")) {
        throw new StripeError(401, "invalid_request_error", undefined, "Invalid API Key provided.");
      }
      if (
        req.method === "POST" &&
        !String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")
      ) {
        throw new StripeError(400, "invalid_request_error", undefined, "Requests must be form-encoded.");
      }
      record.params = req.method === "POST" ? decodeStripeForm(body) : {};
      const [status, payload] = route(req.method ?? "", url, record.params, req.headers);
      send(status, payload);
    } catch (error) {
      const e =
        error instanceof StripeError ? error : new StripeError(500, "api_error", undefined, String(error));
      send(e.status, {
        error: {
          type: e.type,
          ...(e.code ? { code: e.code } : {}),
          message: e.message,
          ...(e.param ? { param: e.param } : {}),
        },
      });
    } finally {
      requests.push(record);
    }
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  const event = (type: string, object: unknown, created = now()) => ({
    id: id("evt"),
    object: "event",
    api_version: "2026-10-28.clover",
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  const api = {
    origin,
    /** STRIPE_API_BASE for the site. */
    apiBase: origin,
    requests,
    sessions,
    outage(on: boolean) {
      down = on;
    },
    /**
     * The customer pays session `sessionId` (card by default, or `pay_by_bank`); `amount` overrides
     * what was paid (an over-payment). Returns the completed session's event.
     */
    pay(sessionId: string, o: { amount?: number; method?: "card" | "pay_by_bank"; created?: number } = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const amount = o.amount ?? (s["amount_total"] as number);
      const method = o.method ?? "card";
      const intentId = id("pi");
      const fee = ukCardFee(amount);
      const charge = {
        id: id("ch"),
        object: "charge",
        amount,
        currency: s["currency"],
        paid: true,
        payment_intent: intentId,
        payment_method_details: { type: method },
        balance_transaction: {
          id: id("txn"),
          object: "balance_transaction",
          amount,
          fee,
          net: amount - fee,
          currency: s["currency"],
        },
      };
      intents.set(intentId, {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: amount,
        currency: s["currency"],
        status: "succeeded",
        metadata: s["_intentMetadata"],
        _charge: charge,
      });
      Object.assign(s, {
        status: "complete",
        payment_status: method === "pay_by_bank" ? "unpaid" : "paid",
        payment_intent: intentId,
        amount_total: amount,
      });
      return event("checkout.session.completed", publicSession(s), o.created);
    },
    /** A pay-by-bank session's money arrived. */
    bankPaid(sessionId: string) {
      const s = sessions.get(sessionId)!;
      s["payment_status"] = "paid";
      return event("checkout.session.async_payment_succeeded", publicSession(s));
    },
    /** Stripe settles a refund: `charge.refunded` for its charge. */
    refunded(refundId: string) {
      const r = refunds.get(refundId)!;
      r["status"] = "succeeded";
      const intent = intents.get(r["payment_intent"] as string)!;
      const charge: Obj = {
        ...(intent["_charge"] as Obj),
        amount_refunded: r["amount"],
        refunded: r["amount"] === intent["amount"],
      };
      charge["balance_transaction"] = (charge["balance_transaction"] as Obj)["id"];
      return event("charge.refunded", charge);
    },
    refunds,
    event,
    /** An event's body and its `Stripe-Signature` header (the library's own test helper). */
    signed(evt: unknown, o: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(evt);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: o.secret ?? options.webhookSecret,
        ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
      });
      return { payload, header };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return api;
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

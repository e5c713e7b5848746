/**
 * The one place server code reads the environment. Validated with zod once,
 * failing fast with a message that names the variable.
 */
import { z } from "zod";
import { site } from "../config/site";
import { minFillMs } from "../lib/form-fields/spam-guard";
import { logEvent } from "./log";
import { smtpUrlProblem } from "./mail/smtp-url";

const envSchema = z.object({
  DATABASE_URL: z
    .string({
      error:
        "DATABASE_URL is not set. Run `npm run dev` locally, or set it to the Supabase pooler URL on Netlify.",
    })
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL."),
  NODE_ENV: z.string().optional(),
});

export type ServerEnv = z.infer<typeof envSchema>;

let cached: ServerEnv | undefined;

function readRaw(): Record<string, string | undefined> {
  // Netlify exposes site variables on process.env inside functions as well as on Netlify.env.
  return process.env;
}

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = envSchema.safeParse(readRaw());
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid server environment: ${detail}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * E-mail settings. All optional: without SMTP_URL nothing is sent and
 * messages wait in the outbox. OWNER_EMAIL and MAIL_FROM default to the business address.
 */
const mailEnvSchema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL.")
    .superRefine((value, ctx) => {
      const problem = smtpUrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default(`${site.name} <${site.email}>`),
  OWNER_EMAIL: z.email("OWNER_EMAIL must be an e-mail address.").default(site.email),
  SITE_URL: z.url("SITE_URL must be a URL, e.g. https://www.example.co.uk").default(site.defaultUrl),
});

export type MailEnv = z.infer<typeof mailEnvSchema>;
let cachedMail: MailEnv | undefined;

/** A host nobody owns or that points at the machine itself (example domains, .test, localhost). */
export function isReservedHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return (
    /(^|\.)(example|test|invalid|localhost)$/.test(h) ||
    /(^|\.)example\.(com|net|org)$/.test(h) ||
    h === "::1" ||
    h === "0.0.0.0" ||
    /^127\./.test(h)
  );
}

/**
 * What is wrong with SITE_URL for a deployed site, or null: it fills every link in the e-mails
 * (the customer's private page, review invitations, the calendar feed), so an `http://` address
 * would send secrets in the clear and an example domain would send customers nowhere.
 */
export function deployedSiteUrlProblem(value: string | undefined): string | null {
  if (!value) {
    return `SITE_URL is not set, so links in e-mails would point at ${site.defaultUrl}. Set it to the live site's address, e.g. https://www.your-domain.co.uk.`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SITE_URL "${value}" is not a URL. Set it to the live site's address, e.g. https://www.your-domain.co.uk.`;
  }
  if (url.protocol !== "https:") return `SITE_URL ${value} must start with https://.`;
  if (isReservedHost(url.hostname)) return `SITE_URL ${value} is not a public domain.`;
  return null;
}

/**
 * The mail settings, validated once. Deployed (`isDeployed()`), SITE_URL must also be a public
 * https address: otherwise every function that builds an e-mail or a link refuses (503, nothing
 * stored) and the log says `config.invalid` naming SITE_URL, rather than sending links nobody can
 * open or that travel in the clear (docs/decisions/027-security-review-fixes.md).
 */
export function mailEnv(): MailEnv {
  if (cachedMail) return cachedMail;
  const raw = readRaw();
  const parsed = mailEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid mail environment: ${detail}`);
  }
  if (isDeployed(raw)) {
    const problem = deployedSiteUrlProblem(raw["SITE_URL"]?.trim() || undefined);
    if (problem) {
      logEvent({ event: "config.invalid", level: "error", variable: "SITE_URL", message: problem });
      throw new ConfigurationError("SITE_URL", problem);
    }
  }
  cachedMail = parsed.data;
  return cachedMail;
}

/**
 * Forgets the validated settings and which problems were already logged (tests that change the
 * environment; each test file starts with it, tests/helpers/file-state.ts).
 */
export function resetEnvCache(): void {
  cached = undefined;
  cachedMail = undefined;
  reportedSecret = false;
  reportedSimulation = false;
  reportedFillTime = false;
  reportedConfirmations = false;
  reportedPushOrigin = false;
}

/**
 * A setting the server cannot work safely without. The edge answers 503 (nothing is done without
 * it: fail closed) and the log names the variable.
 */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Deployed on Netlify (production, a preview, a branch deploy) rather than on a developer's machine
 * or in a test. AWS's runtime sets AWS_LAMBDA_RUNTIME_API in every deployed function (its runtime
 * client reads it), and Netlify refuses it as a site variable. Locally netlify-cli runs functions
 * through lambda-local, which imitates AWS_LAMBDA_FUNCTION_NAME, AWS_EXECUTION_ENV and
 * LAMBDA_TASK_ROOT but not this one; Netlify's CONTEXT is no help either (`netlify serve` builds
 * locally as "production").
 */
export function isDeployed(env: Record<string, string | undefined> = readRaw()): boolean {
  return Boolean(env["AWS_LAMBDA_RUNTIME_API"]);
}

const minSecretLength = 32;
let reportedSecret = false;

/**
 * RATE_LIMIT_SECRET: the key of the HMAC that turns a client's address (or an e-mail address) into
 * a rate-limit bucket, so the stored buckets cannot be reversed by hashing every IPv4 address.
 * Required everywhere: `npm run dev` and the tests generate one; on Netlify the operator sets it
 * (docs/operations.md, Security). Missing or short, every rate-limited endpoint refuses (503) and the log
 * says which variable to set.
 */
export function rateLimitSecret(): string {
  const secret = readRaw()["RATE_LIMIT_SECRET"];
  if (secret && secret.length >= minSecretLength) return secret;
  const message = secret
    ? `RATE_LIMIT_SECRET must be at least ${minSecretLength} characters (e.g. \`openssl rand -hex 32\`).`
    : "RATE_LIMIT_SECRET is not set: the forms and the admin sign-in refuse every request until it is. Set it to a random value of at least 32 characters (e.g. `openssl rand -hex 32`).";
  if (!reportedSecret) {
    reportedSecret = true;
    logEvent({ event: "config.invalid", level: "error", variable: "RATE_LIMIT_SECRET", message });
  }
  throw new ConfigurationError("RATE_LIMIT_SECRET", message);
}

let reportedSimulation = false;

/**
 * SIMULATE_CLIENTS=1: take the client's address from the first X-Forwarded-For hop, so local
 * stacks and tests, where every request comes from 127.0.0.1, can play many clients. Honoured
 * only where `isDeployed()` is false; on Netlify it is ignored (and the log says so once), so no
 * setting can let a visitor choose their own rate-limit bucket.
 */
export function simulateClients(): boolean {
  const env = readRaw();
  if (env["SIMULATE_CLIENTS"] !== "1") return false;
  if (!isDeployed(env)) return true;
  if (!reportedSimulation) {
    reportedSimulation = true;
    logEvent({
      event: "config.ignored",
      level: "warn",
      variable: "SIMULATE_CLIENTS",
      message: "SIMULATE_CLIENTS is for local stacks and tests only; ignored on Netlify.",
    });
  }
  return false;
}

const formMinFillSchema = z.coerce
  .number({ error: "FORM_MIN_FILL_MS must be a whole number of milliseconds." })
  .int("FORM_MIN_FILL_MS must be a whole number of milliseconds.")
  .min(0, "FORM_MIN_FILL_MS must be 0 or more.")
  .max(60_000, "FORM_MIN_FILL_MS must be at most 60000 (a minute).");
let reportedFillTime = false;

/**
 * FORM_MIN_FILL_MS: the spam guard's minimum time between showing a public form and sending it
 * (src/platform/http/spam-guard.ts). Unset, it is the production value, 3 s (`minFillMs`). A local
 * test stack lowers it so browser tests need not wait like a person (docs/decisions/024-fast-ci.md).
 * A deployed site never goes below 3 s: a lower value is ignored there and the log says so once.
 * A value that is no whole number from 0 to 60000 is a configuration error (503, the log names it).
 */
export function formMinFillMs(env: Record<string, string | undefined> = readRaw()): number {
  const raw = env["FORM_MIN_FILL_MS"];
  if (raw === undefined || raw.trim() === "") return minFillMs;
  const parsed = formMinFillSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "FORM_MIN_FILL_MS is invalid.";
    if (!reportedFillTime) {
      reportedFillTime = true;
      logEvent({ event: "config.invalid", level: "error", variable: "FORM_MIN_FILL_MS", message });
    }
    throw new ConfigurationError("FORM_MIN_FILL_MS", message);
  }
  if (parsed.data < minFillMs && isDeployed(env)) {
    if (!reportedFillTime) {
      reportedFillTime = true;
      logEvent({
        event: "config.ignored",
        level: "warn",
        variable: "FORM_MIN_FILL_MS",
        message: `FORM_MIN_FILL_MS below ${minFillMs} is for local test stacks only; ignored on Netlify.`,
      });
    }
    return minFillMs;
  }
  return parsed.data;
}

const confirmationsSchema = z.coerce
  .number({ error: "MAIL_CONFIRMATIONS_PER_DAY must be a whole number." })
  .int("MAIL_CONFIRMATIONS_PER_DAY must be a whole number.")
  .min(1, "MAIL_CONFIRMATIONS_PER_DAY must be 1 or more.")
  .max(100_000, "MAIL_CONFIRMATIONS_PER_DAY must be at most 100000.");
let reportedConfirmations = false;

/**
 * MAIL_CONFIRMATIONS_PER_DAY: how many confirmation e-mails the public forms may send in a day in
 * all (src/features/mail/service.ts); from two thirds of it every public post needs the browser
 * check. Unset, 100: a busy day brings a handful of requests. A browser-test stack, whose suite
 * sends hundreds of bookings in a day, raises it so the check does not start halfway through the
 * suite. A value that is no whole number from 1 to 100000 is a configuration error.
 */
export function mailConfirmationsPerDay(env: Record<string, string | undefined> = readRaw()): number {
  const raw = env["MAIL_CONFIRMATIONS_PER_DAY"];
  if (raw === undefined || raw.trim() === "") return site.security.confirmationsPerDay;
  const parsed = confirmationsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "MAIL_CONFIRMATIONS_PER_DAY is invalid.";
  if (!reportedConfirmations) {
    reportedConfirmations = true;
    logEvent({ event: "config.invalid", level: "error", variable: "MAIL_CONFIRMATIONS_PER_DAY", message });
  }
  throw new ConfigurationError("MAIL_CONFIRMATIONS_PER_DAY", message);
}

/**
 * LOCAL_HOSTS: the `host:port` names a local stack answers to, lower case (scripts/dev.ts sets it
 * in every mode: localhost, 127.0.0.1 and [::1] with its port; src/platform/http/local-hosts.ts).
 * Undefined when unset (a test calling a handler in-process) or on Netlify, whose edge routes
 * only the site's own domains to its functions.
 */
export function localHosts(
  env: Record<string, string | undefined> = readRaw(),
): ReadonlySet<string> | undefined {
  const raw = env["LOCAL_HOSTS"]?.trim();
  if (!raw || isDeployed(env)) return undefined;
  return new Set(
    raw
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

let reportedPushOrigin = false;

/**
 * LOCAL_PUSH_ORIGIN: the origin of the local push service the tests start (e.g.
 * `http://127.0.0.1:8791`), the one push endpoint that may be on loopback over plain http
 * (src/features/push/rules.ts). Honoured only where `isDeployed()` is false and only for an
 * http(s) origin on 127.0.0.1, [::1] or localhost; otherwise undefined (on Netlify the log says
 * once that it was ignored).
 */
export function localPushOrigin(env: Record<string, string | undefined> = readRaw()): string | undefined {
  const raw = env["LOCAL_PUSH_ORIGIN"]?.trim();
  if (!raw) return undefined;
  if (isDeployed(env)) {
    if (!reportedPushOrigin) {
      reportedPushOrigin = true;
      logEvent({
        event: "config.ignored",
        level: "warn",
        variable: "LOCAL_PUSH_ORIGIN",
        message: "LOCAL_PUSH_ORIGIN is for local stacks and tests only; ignored on Netlify.",
      });
    }
    return undefined;
  }
  try {
    const url = new URL(raw);
    const loopback = ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);
    return loopback && /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Payment method types a Stripe Checkout may offer (docs/decisions/048-card-payments-stripe.md). */
export const stripeMethodTypes = ["card", "pay_by_bank"] as const;
export type StripeMethodType = (typeof stripeMethodTypes)[number];

/** Card payments through Stripe: on only with a secret key. */
export interface StripeSettings {
  secretKey: string;
  /** `whsec_…`; without it the webhook refuses every event (and the doctor says so). */
  webhookSecret: string | null;
  /** Tests only: a loopback Stripe-compatible server (`http://127.0.0.1:12111`). */
  apiBase: { host: string; port: number; protocol: "http" | "https" } | null;
  /** What Checkout offers: card (which includes Apple Pay and Google Pay) and, where enabled, pay-by-bank. */
  methodTypes: StripeMethodType[];
  /** `live` for an sk_live_/rk_live_ key, `test` otherwise. */
  mode: "live" | "test";
}

/**
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PAYMENT_METHODS (comma list of
 * `card`, `pay_by_bank`; default `card`) and STRIPE_API_BASE (loopback only, and never on a deployed
 * site). Null when no key is set: card payments are off, no Pay button shows, the webhook is 404.
 */
export function stripeSettings(env: Record<string, string | undefined> = readRaw()): StripeSettings | null {
  const secretKey = env["STRIPE_SECRET_KEY"]?.trim();
  if (!secretKey) return null;
  const base = env["STRIPE_API_BASE"]?.trim();
  let apiBase: StripeSettings["apiBase"] = null;
  if (base && !isDeployed(env)) {
    const url = new URL(base);
    if (!isReservedHost(url.hostname)) {
      throw new ConfigurationError("STRIPE_API_BASE", "STRIPE_API_BASE must be a loopback address.");
    }
    const protocol = url.protocol === "https:" ? "https" : "http";
    apiBase = {
      host: url.hostname,
      port: Number(url.port || (protocol === "https" ? 443 : 80)),
      protocol,
    };
  }
  const listed = (env["STRIPE_PAYMENT_METHODS"] ?? "card")
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  const methodTypes = stripeMethodTypes.filter((m) => listed.includes(m));
  return {
    secretKey,
    webhookSecret: env["STRIPE_WEBHOOK_SECRET"]?.trim() || null,
    apiBase,
    methodTypes: methodTypes.length > 0 ? methodTypes : ["card"],
    mode: /^(sk|rk)_live_/.test(secretKey) ? "live" : "test",
  };
}

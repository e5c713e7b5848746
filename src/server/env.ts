/**
 * The one place server code reads the environment. Validated with zod once,
 * failing fast with a message that names the variable.
 */
import { z } from "zod";
import { site } from "../config/site";

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
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default(`${site.name} <${site.email}>`),
  OWNER_EMAIL: z.email("OWNER_EMAIL must be an e-mail address.").default(site.email),
  SITE_URL: z.url("SITE_URL must be a URL, e.g. https://www.example.co.uk").default(site.defaultUrl),
});

export type MailEnv = z.infer<typeof mailEnvSchema>;
let cachedMail: MailEnv | undefined;

export function mailEnv(): MailEnv {
  if (cachedMail) return cachedMail;
  const parsed = mailEnvSchema.safeParse(readRaw());
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid mail environment: ${detail}`);
  }
  cachedMail = parsed.data;
  return cachedMail;
}

/**
 * The one place server code reads the environment (house style, habit 6). Validated with zod once,
 * failing fast with a message that names the variable.
 */
import { z } from "zod";

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

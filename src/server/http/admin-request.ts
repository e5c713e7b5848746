/** Reading admin requests: JSON bodies checked by the shared schema, ids from the path. */
import type { z } from "zod";
import { idParamSchema } from "../../lib/schemas/admin";
import { fromZodError, notFound, unsupportedMediaType } from "./errors";
import type { HandlerContext } from "./handler";
import { readBody } from "./request";

/** The admin API speaks JSON only (4 KB is plenty for a password or a flag). */
export async function readAdminJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const body = await readBody(req, 4 * 1024);
  if (body.kind !== "json") throw unsupportedMediaType();
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/**
 * The raw `:id` segment of `/api/admin/<resource>/:id`: from Netlify's route params when present,
 * else the path (direct handler calls in tests); undefined on the collection path.
 */
export function rawPathId(req: Request, context: HandlerContext): string | undefined {
  const fromParams = context.params?.["id"];
  if (fromParams !== undefined) return fromParams;
  const segments = new URL(req.url).pathname.replace(/\/+$/, "").split("/");
  return segments.length > 4 ? segments.at(-1) : undefined;
}

/** A positive integer id, or 404 for anything else (`/abc`, `/0`, `/1.5`, `/99999999999`). */
export function parseId(raw: string): number {
  const parsed = idParamSchema.safeParse(raw);
  if (!parsed.success || !/^\d+$/.test(raw)) throw notFound();
  return parsed.data;
}

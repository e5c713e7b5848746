/**
 * HTTP edge of the request-workflow endpoints: the inbox query from the URL, JSON bodies checked
 * by their contract, ids from the path, and file downloads.
 */
import type { z } from "zod";
import { inboxQuerySchema, searchParamsObject, type InboxQuery } from "../../lib/schemas/requests";
import { parseId } from "./admin-request";
import { badRequest, fromZodError, unsupportedMediaType } from "./errors";
import { readBody } from "./request";

/** The inbox filters from the query string; a bad one is a 400 naming the problem. */
export function readInboxQuery(req: Request): InboxQuery {
  const parsed = inboxQuerySchema.safeParse(searchParamsObject(new URL(req.url).searchParams));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid filter.", "invalid_filter");
  return parsed.data;
}

/** A JSON body of at most `maxBytes`, checked by `schema` (422 with the fields otherwise). */
export async function readJsonBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = 4 * 1024,
): Promise<z.output<S>> {
  const body = await readBody(req, maxBytes);
  if (body.kind !== "json") throw unsupportedMediaType();
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** Path segments after `prefix` (e.g. "/api/admin/submissions/12/notes/3" → ["12","notes","3"]). */
export function segmentsAfter(req: Request, prefix: string): string[] {
  const path = new URL(req.url).pathname.replace(/\/+$/, "");
  if (!path.startsWith(prefix)) return [];
  return path
    .slice(prefix.length)
    .split("/")
    .filter((s) => s.length > 0)
    .map((s) => decodeURIComponent(s));
}

export { parseId };

/** A download: the body as an attachment with this file name, never cached. */
export function attachment(
  body: BodyInit,
  contentType: string,
  fileName: string,
  status = 200,
): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Admin requests: JSON bodies checked by the shared schema, ids from the path, resource routing. */
import type { z } from "zod";
import { idParamSchema } from "../../lib/schemas/admin";
import { requireAdmin } from "./admin-guard";
import { fromZodError, methodNotAllowed, notFound, unsupportedMediaType } from "./errors";
import { createHandler, type HandlerContext } from "./handler";
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

/**
 * An admin resource with a collection path (`GET` lists) and an item path `/:id` (`PATCH` changes
 * one flag, `DELETE` removes). Every method reaches the handler, so a wrong one gets 405 with the
 * Allow of the path it was sent to; every branch checks the session before touching data.
 */
export function adminResourceHandler(options: {
  route: string;
  list: (req: Request) => Promise<Response>;
  update: (id: number, req: Request) => Promise<Response>;
  remove: (id: number) => Promise<void>;
}) {
  return createHandler({
    route: options.route,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    handle: async (req, context) => {
      const rawId = rawPathId(req, context);
      const method = req.method.toUpperCase();
      if (rawId === undefined) {
        if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
        await requireAdmin(req);
        return options.list(req);
      }
      if (method !== "PATCH" && method !== "DELETE") throw methodNotAllowed(["PATCH", "DELETE"]);
      await requireAdmin(req);
      const id = parseId(rawId);
      if (method === "PATCH") return options.update(id, req);
      await options.remove(id);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    },
  });
}

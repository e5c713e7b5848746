/**
 * What happened to one request, and the owner's private notes on it:
 *
 *   GET    /api/admin/submissions/:id/history          {"history":[{fromState,toState,actor,note,changedAt}],
 *                                                       "links":[{createdAt,mailSubject,mailStatus,mailSentAt,target}]}
 *   GET    /api/admin/submissions/:id/notes            {"notes":[{id,body,createdAt,updatedAt}]}
 *   POST   /api/admin/submissions/:id/notes            {"body"} → 201 {"note"}
 *   PATCH  /api/admin/submissions/:id/notes/:noteId    {"body"} → {"note"}
 *   DELETE /api/admin/submissions/:id/notes/:noteId    204
 */
import type { Config } from "@netlify/functions";
import { noteBodySchema } from "../../src/lib/schemas/requests";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { parseId, readJsonBody, segmentsAfter } from "../../src/server/http/admin-workflow";
import { methodNotAllowed, notFound } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import * as requests from "../../src/server/services/request-workflow";

const prefix = "/api/admin/submissions";

export default createHandler({
  route: `${prefix}/:id/activity`,
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  handle: async (req) => {
    const [rawId, part, rawNoteId, ...rest] = segmentsAfter(req, prefix);
    const method = req.method.toUpperCase();
    const isGet = method === "GET" || method === "HEAD";
    if (!rawId || rest.length > 0) throw notFound();

    if (part === "history" && rawNoteId === undefined) {
      if (!isGet) throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      const id = parseId(rawId);
      // `actor` marks what the customer did on their page; `links` lists the private links sent.
      return json({ history: await requests.history(id), links: await requests.sentLinks(id) });
    }
    if (part === "notes" && rawNoteId === undefined) {
      if (!isGet && method !== "POST") throw methodNotAllowed(["GET", "POST"]);
      await requireAdmin(req);
      const id = parseId(rawId);
      if (isGet) return json({ notes: await requests.notes(id) });
      const { body } = await readJsonBody(req, noteBodySchema);
      return json({ note: await requests.addNote(id, body) }, 201);
    }
    if (part === "notes" && rawNoteId !== undefined) {
      if (method !== "PATCH" && method !== "DELETE") throw methodNotAllowed(["PATCH", "DELETE"]);
      await requireAdmin(req);
      const id = parseId(rawId);
      const noteId = parseId(rawNoteId);
      if (method === "PATCH") {
        const { body } = await readJsonBody(req, noteBodySchema);
        return json({ note: await requests.editNote(id, noteId, body) });
      }
      await requests.deleteNote(id, noteId);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }
    throw notFound();
  },
});

export const config: Config = {
  path: [
    "/api/admin/submissions/:id/history",
    "/api/admin/submissions/:id/notes",
    "/api/admin/submissions/:id/notes/:noteId",
  ],
};

/**
 * The owner's private notes on a request (never shown to the customer):
 *   GET    /api/admin/notes?submissionId=12   oldest first
 *   POST   /api/admin/notes                   {"submissionId","body"} → 201
 *   PATCH  /api/admin/notes/:id               {"body"}
 *   DELETE /api/admin/notes/:id
 */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as requests from "../../src/features/requests";

export default apiHandler("/api/admin/notes", [
  adminAction(requestEndpoints.listNotes, async ({ query, ctx }) => ({
    notes: await requests.notes(query.submissionId, ctx),
  })),
  adminAction(requestEndpoints.addNote, async ({ body, ctx }) => ({
    note: await requests.addNote(body.submissionId, body.body, ctx),
  })),
  adminAction(requestEndpoints.editNote, async ({ id, body, ctx }) => ({
    note: await requests.editNote(id, body.body, ctx),
  })),
  adminAction(requestEndpoints.deleteNote, ({ id, ctx }) => requests.deleteNote(id, ctx)),
]);

export const config: Config = { path: ["/api/admin/notes", "/api/admin/notes/:id"] };

/**
 * Contracts of the admin session endpoints (docs/decisions/006-admin-security.md): who is signed
 * in, signing in and out, changing the password. Requests are the schemas in ./forms.ts.
 */
import { z } from "zod";
import { adminLoginSchema, adminPasswordChangeSchema } from "./forms";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";

/** ISO timestamp. */
const timestamp = z.string();

export const adminSessionInfoSchema = z.object({
  authenticated: z.literal(true),
  createdAt: timestamp,
  /** When the session ends regardless of activity. */
  expiresAt: timestamp,
  /** When the session ends if nothing happens before then. */
  idleExpiresAt: timestamp,
});
export type AdminSessionInfo = z.infer<typeof adminSessionInfoSchema>;

export const adminAuthEndpoints = {
  /** Who is signed in (401 when nobody is). */
  session: defineEndpoint({ ...routes.sessionRoute, status: 200, response: adminSessionInfoSchema }),
  /** Sign in: sets the session cookie. 401 invalid_password, 429, 503 admin_password_not_set. */
  signIn: defineEndpoint({
    ...routes.signInRoute,
    status: 200,
    request: adminLoginSchema,
    response: adminSessionInfoSchema,
  }),
  /** Sign out: the session is revoked and the cookie cleared. */
  signOut: defineEndpoint({ ...routes.signOutRoute, status: 204 }),
  /** Change the password; every other session is signed out. */
  changePassword: defineEndpoint({
    ...routes.changePasswordRoute,
    status: 200,
    request: adminPasswordChangeSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
};

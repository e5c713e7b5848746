/**
 * /api/admin/mail: e-mails the site gave up on (GET); /api/admin/mail/retry: queue them again and
 * try at once (POST `{"ids"?: number[]}`; without ids, every failed message).
 */
import type { Config } from "@netlify/functions";
import { mailEndpoints } from "../../src/features/mail/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as content from "../../src/features/requests";

export default apiHandler("/api/admin/mail", [
  adminAction(mailEndpoints.listFailedMail, async ({ ctx }) => ({
    failed: await content.listFailedDeliveries(ctx),
  })),
  adminAction(mailEndpoints.retryMail, ({ body, ctx }) => content.retryFailedDeliveries(body.ids, ctx)),
]);

export const config: Config = { path: ["/api/admin/mail", "/api/admin/mail/retry"] };

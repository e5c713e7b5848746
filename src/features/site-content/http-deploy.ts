/**
 * Netlify's deploy notifications for a website publish (docs/decisions/050-site-content.md). Netlify
 * signs each one: `X-Webhook-Signature` is a JWS (HS256, issuer "netlify") made with the secret set
 * on the notification (`NETLIFY_DEPLOY_WEBHOOK_SECRET`), whose `sha256` claim is the body's SHA-256
 * in hex. Anything unsigned, signed with another secret or with a changed body is refused (401)
 * before it is read; without the secret nothing is accepted (503).
 */
import { createHash } from "node:crypto";
import jwt from "jsonwebtoken";
import type { Action } from "../../platform/http/endpoint";
import {
  fromZodError,
  malformedJson,
  notConfigured,
  payloadTooLarge,
  unauthorized,
} from "../../platform/http/errors";
import { noContent } from "../../platform/http/response";
import { siteContentEndpoints } from "./contract/endpoints";
import { deployFinished } from "./service-publish";

const maxBytes = 256 * 1024;

function verified(signature: string | null, body: string, secret: string): boolean {
  if (!signature) return false;
  try {
    const claims = jwt.verify(signature, secret, { issuer: "netlify", algorithms: ["HS256"] });
    const sha = typeof claims === "object" ? claims["sha256"] : undefined;
    return sha === createHash("sha256").update(body).digest("hex");
  } catch {
    return false;
  }
}

export function deployNotificationAction(): Action {
  const endpoint = siteContentEndpoints.deployNotification;
  return {
    endpoint,
    async run(call) {
      const secret = process.env["NETLIFY_DEPLOY_WEBHOOK_SECRET"];
      if (!secret) throw notConfigured(new Error("NETLIFY_DEPLOY_WEBHOOK_SECRET is not set"));
      const body = await call.req.text();
      if (Buffer.byteLength(body) > maxBytes) throw payloadTooLarge(maxBytes);
      if (!verified(call.req.headers.get("x-webhook-signature"), body, secret)) {
        throw unauthorized("The deploy notification's signature does not match.");
      }
      let data: unknown;
      try {
        data = JSON.parse(body);
      } catch {
        throw malformedJson();
      }
      const parsed = endpoint.request.safeParse(data);
      if (!parsed.success) throw fromZodError(parsed.error);
      const { state, title, error_message } = parsed.data;
      await deployFinished(
        { succeeded: state === "ready", title: title ?? null, error: error_message ?? null },
        call.services(undefined, { kind: "service", name: "netlify" }),
      );
      return noContent();
    },
  };
}

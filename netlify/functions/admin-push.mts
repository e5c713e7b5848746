/**
 * The owner's notifications on his devices (docs/decisions/034-push-notifications.md):
 *
 *   GET    /api/admin/push/public-key          the VAPID public key (null: not set up)
 *   GET    /api/admin/push/settings            devices, kinds switched on, quiet hours
 *   PUT    /api/admin/push/settings            switch kinds on or off
 *   POST   /api/admin/push/subscriptions       this browser's PushSubscription + a name → 201 { device }
 *   PATCH  /api/admin/push/subscriptions/:id   rename a device                       → { device }
 *   DELETE /api/admin/push/subscriptions/:id   remove a device                       → 204
 *   POST   /api/admin/push/test                a test notification, sent now         → { sent, failed }
 */
import type { Config } from "@netlify/functions";
import { pushEndpoints } from "../../src/features/push/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as push from "../../src/features/push";

export default apiHandler("/api/admin/push", [
  adminAction(pushEndpoints.pushPublicKey, async () => ({ publicKey: push.vapidKeys()?.publicKey ?? null })),
  adminAction(pushEndpoints.pushSettings, ({ ctx }) => push.pushSettings(ctx)),
  adminAction(pushEndpoints.savePushSettings, ({ body, ctx }) => push.saveKinds(body.kinds, ctx)),
  adminAction(pushEndpoints.pushSubscribe, async ({ body, ctx }) => ({
    device: await push.subscribe(body, ctx),
  })),
  adminAction(pushEndpoints.pushRename, async ({ id, body, ctx }) => ({
    device: await push.renameDevice(id, body.name, ctx),
  })),
  adminAction(pushEndpoints.pushUnsubscribe, ({ id, ctx }) => push.removeDevice(id, ctx)),
  adminAction(pushEndpoints.pushTest, ({ body, ctx }) => push.sendTest(body.deviceId, ctx)),
]);

// Literal strings: Netlify reads this config statically.
export const config: Config = {
  path: [
    "/api/admin/push/public-key",
    "/api/admin/push/settings",
    "/api/admin/push/subscriptions",
    "/api/admin/push/subscriptions/:id",
    "/api/admin/push/test",
  ],
};

/**
 * Contracts of the owner's notification settings (docs/decisions/034-push-notifications.md).
 * A subscription is the browser's `PushSubscription.toJSON()` plus a name for the device.
 */
import { z } from "zod";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { switchableKinds } from "./kinds";

export const deviceNameMax = 60;

const deviceName = z
  .string({ error: "Please give this device a name." })
  .trim()
  .min(1, "Please give this device a name.")
  .max(deviceNameMax, `Please keep the name under ${deviceNameMax} characters.`);

/** base64url of exactly `bytes` bytes (padding tolerated and dropped). */
const base64urlKey = (label: string, bytes: number) =>
  z
    .string({ error: `The subscription has no ${label} key.` })
    .transform((v) => v.replace(/=+$/, ""))
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && v.length === Math.ceil((bytes * 4) / 3),
      `The subscription's ${label} key is not ${bytes} bytes of base64url.`,
    );

export const subscribeSchema = z.object({
  endpoint: z
    .string({ error: "The subscription has no endpoint." })
    .min(1, "The subscription has no endpoint.")
    .max(1000, "The push endpoint is too long."),
  expirationTime: z.number().nullish(),
  keys: z.object(
    { p256dh: base64urlKey("p256dh", 65), auth: base64urlKey("auth", 16) },
    { error: "The subscription has no keys." },
  ),
  name: deviceName,
});
export type SubscribeInput = z.output<typeof subscribeSchema>;

export const pushDeviceSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The push service's host (which browser maker delivers to it). */
  host: z.string(),
  createdAt: z.string(),
  /** When it last received a notification (ISO), or null. */
  lastSuccessAt: z.string().nullable(),
  /** Attempts that failed in a row. */
  failures: z.number().int(),
  lastError: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

const kindSchema = z
  .enum(switchableKinds.map(([k]) => k) as [string, ...string[]])
  .pipe(z.custom<(typeof switchableKinds)[number][0]>());

export const pushSettingsSchema = z.object({
  /** The VAPID public key (base64url) the browser subscribes with; null: push is not set up. */
  publicKey: z.string().nullable(),
  devices: z.array(pushDeviceSchema),
  kinds: z.array(z.object({ kind: kindSchema, label: z.string(), enabled: z.boolean() })),
  /** London `HH:MM`. */
  quietHours: z.object({ from: z.string(), until: z.string() }),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const savePushSettingsSchema = z.object({
  kinds: z.array(z.object({ kind: kindSchema, enabled: z.boolean() })).max(switchableKinds.length * 2),
});

export const pushEndpoints = {
  pushPublicKey: defineEndpoint({
    ...routes.pushPublicKeyRoute,
    status: 200,
    response: z.object({ publicKey: z.string().nullable() }),
  }),
  pushSettings: defineEndpoint({ ...routes.pushSettingsRoute, status: 200, response: pushSettingsSchema }),
  savePushSettings: defineEndpoint({
    ...routes.savePushSettingsRoute,
    status: 200,
    request: savePushSettingsSchema,
    response: pushSettingsSchema,
  }),
  pushSubscribe: defineEndpoint({
    ...routes.pushSubscribeRoute,
    status: 201,
    request: subscribeSchema,
    response: z.object({ device: pushDeviceSchema }),
  }),
  pushRename: defineEndpoint({
    ...routes.pushRenameRoute,
    status: 200,
    request: z.object({ name: deviceName }),
    response: z.object({ device: pushDeviceSchema }),
  }),
  pushUnsubscribe: defineEndpoint({ ...routes.pushUnsubscribeRoute, status: 204 }),
  pushTest: defineEndpoint({
    ...routes.pushTestRoute,
    status: 200,
    request: z.object({ deviceId: z.number().int().positive().optional() }),
    response: z.object({ sent: z.number().int(), failed: z.number().int() }),
  }),
};

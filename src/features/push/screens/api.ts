/**
 * The admin app's calls to the notification endpoints (docs/decisions/034-push-notifications.md),
 * on the one API client, with the same "a 401 ends the session" rule as ./api.ts; and the
 * browser's side: the service worker (/admin-sw.js, scope /admin) and its push subscription.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import type { SwitchableKind } from "../contract/kinds";
import { signedIn } from "../../../admin/api";

export type { PushDevice, PushSettings } from "../contract/endpoints";

export const pushApi = {
  settings: () => signedIn(callApi(r.pushSettingsRoute)),
  saveKinds: (kinds: { kind: SwitchableKind; enabled: boolean }[]) =>
    signedIn(callApi(r.savePushSettingsRoute, { body: { kinds } })),
  subscribe: async (subscription: PushSubscriptionJSON, name: string) =>
    (
      await signedIn(
        callApi(r.pushSubscribeRoute, {
          body: {
            endpoint: subscription.endpoint ?? "",
            expirationTime: subscription.expirationTime ?? null,
            keys: { p256dh: subscription.keys?.["p256dh"] ?? "", auth: subscription.keys?.["auth"] ?? "" },
            name,
          },
        }),
      )
    ).device,
  rename: async (id: number, name: string) =>
    (await signedIn(callApi(r.pushRenameRoute, { id, body: { name } }))).device,
  remove: (id: number) => signedIn(callApi(r.pushUnsubscribeRoute, { id })),
  test: (deviceId?: number) =>
    signedIn(callApi(r.pushTestRoute, { body: deviceId === undefined ? {} : { deviceId } })),
};

/** The admin's service worker: served from the site's root, controlling /admin only. */
export const serviceWorkerUrl = "/admin-sw.js";
export const serviceWorkerScope = "/admin";

/** Registers the service worker (offline screen, notifications); resolves once it is active. */
export async function adminServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(serviceWorkerUrl, { scope: serviceWorkerScope });
  return navigator.serviceWorker.ready;
}

/** What this browser can do about notifications. */
export type PushSupport =
  | { kind: "supported" }
  /** An iPhone or iPad in Safari's tab: push needs the admin added to the Home Screen (iOS 16.4+). */
  | { kind: "ios-needs-install" }
  | { kind: "unsupported" };

export function pushSupport(): PushSupport {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (ios && !standalone) return { kind: "ios-needs-install" };
  return capable ? { kind: "supported" } : { kind: "unsupported" };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (call it from the owner's tap only), subscribes this browser with the
 * server's key and registers it under `name`. Throws an Error with a sentence when refused.
 */
export async function turnOnHere(publicKey: string, name: string) {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error(
      permission === "denied"
        ? "Notifications are blocked for this site. Allow them in the browser's site settings, then try again."
        : "Notifications were not allowed. Tap the button again and choose Allow.",
    );
  }
  const registration = await adminServiceWorker();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const device = await pushApi.subscribe(subscription.toJSON(), name);
  localStorage.setItem(thisDeviceKey, String(device.id));
  return device;
}

/** Which registered device this browser is (remembered when it subscribed). */
const thisDeviceKey = "kh-admin-push-device";
export const thisDeviceId = (): number | null => {
  const raw = localStorage.getItem(thisDeviceKey);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
};

/** Forgets this browser's subscription (after the owner removed this device). */
export async function turnOffHere(): Promise<void> {
  localStorage.removeItem(thisDeviceKey);
  const registration = await navigator.serviceWorker.getRegistration(serviceWorkerScope);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** A name to start from: "iPhone", "Android phone", "Chrome on Windows"… */
export function guessDeviceName(): string {
  const ua = navigator.userAgent;
  if (/iPhone/.test(ua)) return "iPhone";
  if (/iPad/.test(ua) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1)) return "iPad";
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? "Android phone" : "Android tablet";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : "Safari";
  const system = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "Mac"
      : /Linux/.test(ua)
        ? "Linux"
        : "computer";
  return `${browser} on ${system}`;
}

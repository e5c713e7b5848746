/**
 * VAPID keys for web push (docs/decisions/034-push-notifications.md): the pair the server signs
 * its push requests with, and whose public half each browser subscribes with. Production keeps
 * them in the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); `npm run push:keys` and
 * `npm run doctor` print a new pair. The local stack keeps one pair per data folder in
 * `<data dir>.vapid.json`, so a browser's subscription keeps working across restarts.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import webpush from "web-push";

export interface VapidPair {
  publicKey: string;
  privateKey: string;
}

export const newVapidKeys = (): VapidPair => webpush.generateVAPIDKeys();

/** The pair in `file`, or a new one written there. */
export function localVapidKeys(file: string): VapidPair {
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidPair>;
    if (stored.publicKey && stored.privateKey)
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const pair = newVapidKeys();
  writeFileSync(file, `${JSON.stringify(pair, null, 2)}\n`, { mode: 0o600 });
  return pair;
}

/** The two lines to paste into the environment (Netlify: Site configuration → Environment variables). */
export const vapidEnvLines = (pair: VapidPair): string[] => [
  `VAPID_PUBLIC_KEY=${pair.publicKey}`,
  `VAPID_PRIVATE_KEY=${pair.privateKey}`,
];

/**
 * The e-mail the test stack has sent, as ./mail-catcher.ts wrote it: `mailbox.received` is every
 * message so far, oldest first, read afresh on each access (so `expect.poll` sees new ones).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { baseURL, mailDir } from "../../playwright.config";
import type { Received } from "../helpers/smtp";

const parsed = new Map<string, Received>();

export const mailbox = {
  get received(): Received[] {
    if (!existsSync(mailDir)) return [];
    const names = readdirSync(mailDir)
      .filter((name) => name.endsWith(".json"))
      .sort();
    return names.map((name) => {
      let message = parsed.get(name);
      if (!message) {
        message = JSON.parse(readFileSync(path.join(mailDir, name), "utf8")) as Received;
        parsed.set(name, message);
      }
      return message;
    });
  },
};

/** A message's text as sent: quoted-printable soft breaks joined and escapes decoded. */
export const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The raw message to this address whose subject matches, once it has arrived. */
export async function mailTo(email: string, subject: RegExp): Promise<string> {
  const find = () =>
    mailbox.received.find((m) => m.envelopeTo.includes(email) && subject.test(m.headers["subject"] ?? ""));
  await expect.poll(() => find() !== undefined, { timeout: 60_000 }).toBe(true);
  return find()!.raw;
}

/**
 * The page's path from the private link in an e-mail, which points at this stack (the runner gives
 * the functions its address as SITE_URL).
 */
export function pagePath(raw: string): string {
  const match = /(https?:\/\/[^\s"<>/]+)(\/request\/[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(decoded(raw));
  expect(match, "a private link in the e-mail").not.toBeNull();
  expect(match![1], "the link's origin").toBe(new URL(baseURL).origin);
  return match![2]!;
}

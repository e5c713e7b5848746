/**
 * The e-mail the test stack has sent, as ./mail-catcher.ts wrote it: `mailbox.received` is every
 * message so far, oldest first, read afresh on each access (so `expect.poll` sees new ones).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { mailDir } from "../../playwright.config";
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

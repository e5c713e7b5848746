/**
 * The browser suite's one SMTP server: the test stack sends every e-mail here (playwright.config.ts
 * starts it beside the site), and each message is written to its own file in the mail folder, where
 * any test in any worker reads it (./mailbox.ts). Tests find their own messages by their own unique
 * addresses, so every spec that reads mail can run in parallel with the rest.
 *
 * Usage: tsx tests/e2e/mail-catcher.ts <port> <folder>   (the folder is emptied first)
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtp } from "../helpers/smtp";

const [portArg, folderArg] = process.argv.slice(2);
if (!portArg || !folderArg) {
  console.error("usage: tsx tests/e2e/mail-catcher.ts <port> <folder>");
  process.exit(2);
}
const folder = path.resolve(folderArg);
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

let count = 0;
const smtp = await startSmtp(Number(portArg), "127.0.0.1", (message) => {
  count += 1;
  const name = `${String(count).padStart(6, "0")}.json`;
  // Written whole, then renamed into place: a reader never sees half a message.
  const temporary = path.join(folder, `.${name}.tmp`);
  writeFileSync(temporary, JSON.stringify(message));
  renameSync(temporary, path.join(folder, name));
});
console.log(`[mail] catching the stack's e-mail on 127.0.0.1:${smtp.port} into ${folder}`);

const stop = () => void smtp.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

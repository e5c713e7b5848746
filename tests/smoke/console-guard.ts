/**
 * Fails a smoke test on any console error or uncaught page error. Chromium also logs every fetch
 * answered with an error status as a console error ("Failed to load resource: the server responded
 * with a status of 401"); a test excuses only the answers it expects (`allow(path, status)`), and
 * only when that path really answered that status, and the exact lines a page logs on purpose
 * (`allowLog`). A script error, a CSP violation, a failed module load or any other error status is
 * never excused.
 */
import { test as base, expect, type Page } from "@playwright/test";

interface Problem {
  readonly text: string;
  readonly url: string;
}

export class ConsoleGuard {
  private readonly problems: Problem[] = [];
  private readonly allowed: { path: string; status: number }[] = [];
  private readonly allowedLines = new Set<string>();
  private readonly answered: { path: string; status: number }[] = [];

  constructor(page: Page) {
    page.on("console", (message) => {
      if (message.type() === "error")
        this.problems.push({ text: message.text(), url: message.location().url });
    });
    page.on("pageerror", (error) =>
      this.problems.push({ text: `page error: ${error.message}`, url: page.url() }),
    );
    page.on("response", (response) => {
      if (response.status() >= 400)
        this.answered.push({ path: new URL(response.url()).pathname, status: response.status() });
    });
  }

  /** An answer this test expects, e.g. the admin's session check before signing in (401). */
  allow(path: string, status: number): void {
    this.allowed.push({ path, status });
  }

  /** A line a page logs as an error on purpose, e.g. the not-found page naming the missing path. */
  allowLog(text: string): void {
    this.allowedLines.add(text);
  }

  private excused(problem: Problem): boolean {
    if (this.allowedLines.has(problem.text)) return true;
    const status = /^Failed to load resource: the server responded with a status of (4\d\d)\b/.exec(
      problem.text,
    )?.[1];
    if (!status || !problem.url) return false;
    const path = new URL(problem.url).pathname;
    const matches = (a: { path: string; status: number }) => a.path === path && a.status === Number(status);
    return this.allowed.some(matches) && this.answered.some(matches);
  }

  /** Everything logged that no allowance covers, as readable lines. */
  unexpected(): string[] {
    return this.problems.filter((p) => !this.excused(p)).map((p) => `${p.text} (at ${p.url || "?"})`);
  }
}

/** `test` with a console guard on the page that fails the test, after it ran, on anything unexpected. */
export const test = base.extend<{ guard: ConsoleGuard }>({
  guard: [
    async ({ page }, use) => {
      const guard = new ConsoleGuard(page);
      await use(guard);
      expect(guard.unexpected(), "console or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

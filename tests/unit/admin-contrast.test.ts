/**
 * The admin's small status text must meet WCAG AA (4.5:1) on every background it sits on. The
 * colours come from the real theme tokens in src/styles/global.css and the real class names in the
 * components, so a change to either that breaks contrast fails here, whatever data the browser
 * tests happen to render (an "E-mailed" status on an unread row once measured 4.49:1).
 */
import { colord, extend } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mailStatusBackgrounds, mailStatusLooks } from "../../src/admin/components/MailStatus";
import { quoteStatusLooks } from "../../src/features/quotes/screens/QuotesPanel";
import { invoiceBadgeLooks } from "../../src/features/invoices/screens/InvoiceStatusBadge";
import { chartColours } from "../../src/features/invoices/screens/MoneyChart";
import { stateLooks } from "../../src/admin/components/StateBadge";

extend([a11yPlugin]);

const css = readFileSync(new URL("../../src/styles/global.css", import.meta.url), "utf8");
const tokens = new Map(
  [...css.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]),
);
tokens.set("white", "#ffffff");

/** "text-success-700" or "bg-brand-50" to its hex value from the theme. */
function colourOf(utility: string): string {
  const name = utility.replace(/^(text|bg)-/, "");
  const hex = tokens.get(name);
  if (!hex) throw new Error(`${utility} is not a theme colour in global.css`);
  return hex;
}

describe("admin status colours", () => {
  it("reads every theme colour the statuses use", () => {
    expect(tokens.size).toBeGreaterThan(20);
    expect(() => colourOf("text-no-such-colour")).toThrow();
  });

  for (const [status, look] of Object.entries(mailStatusLooks)) {
    for (const bg of mailStatusBackgrounds) {
      it(`'${look.label}' (${status}) is at least 4.5:1 on ${bg}`, () => {
        const text = look.className.split(" ").find((c) => c.startsWith("text-"));
        expect(text, "a text colour class").toBeDefined();
        const ratio = colord(colourOf(text!)).contrast(colourOf(bg));
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("would have caught the old colour: success-600 on an unread row is below AA", () => {
    expect(colord(colourOf("text-success-600")).contrast(colourOf("bg-brand-50"))).toBeLessThan(4.5);
  });

  for (const [state, look] of Object.entries(stateLooks)) {
    it(`the '${state}' state badge is at least 4.5:1`, () => {
      expect(colord(colourOf(look.text)).contrast(colourOf(look.bg))).toBeGreaterThanOrEqual(4.5);
    });
  }

  for (const [status, look] of Object.entries(quoteStatusLooks)) {
    it(`the '${status}' quote status badge is at least 4.5:1`, () => {
      expect(colord(colourOf(look.text)).contrast(colourOf(look.bg))).toBeGreaterThanOrEqual(4.5);
    });
  }

  for (const [badge, look] of Object.entries(invoiceBadgeLooks)) {
    it(`the '${badge}' invoice status badge is at least 4.5:1`, () => {
      expect(colord(colourOf(look.text)).contrast(colourOf(look.bg))).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("the money chart's bars are at least 3:1 on the white card and against each other", () => {
    const invoiced = colourOf(`bg-${chartColours.invoiced}`);
    const received = colourOf(`bg-${chartColours.received}`);
    expect(colord(invoiced).contrast("#ffffff")).toBeGreaterThanOrEqual(3);
    expect(colord(received).contrast("#ffffff")).toBeGreaterThanOrEqual(3);
    expect(colord(invoiced).contrast(received)).toBeGreaterThanOrEqual(3);
  });
});

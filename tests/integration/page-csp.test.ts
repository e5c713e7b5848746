/**
 * The CSP of the pages functions serve is a second line of defence
 * (docs/decisions/043-security-by-default.md): it allows by hash only the scripts the code ships
 * (src/platform/http/page-scripts.ts), never a script found in the markup. Here a `<script>` goes
 * into every text a customer (the booking's address and message) and the owner (the quote's lines
 * and note, the invoice's lines) can type that the customer's page shows; the page, read with an HTML parser (parse5,
 * as a browser parses it), has no script element but the shipped ones, shows the typed text as
 * text, and its CSP hashes exactly the shipped scripts it contains. The no-JavaScript error page
 * that shows a refused form again does the same. And the rule itself: markup with an injected
 * script gets no hash for it.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import bookings from "../../netlify/functions/bookings.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { quoteInputSchema } from "../../src/features/quotes/contract";
import { createQuote, sendQuote } from "../../src/features/quotes/service";
import { mailOutbox } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { shippedScripts } from "../../src/platform/http/page-scripts";
import { htmlPolicy } from "../../src/platform/http/response";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { bookingFormFields, getRequest, jsonRequest, randomIp, validBooking } from "../helpers/http";
import { sendPending, sentMessage } from "../helpers/sent-mail";

const t = useTestDatabase();
type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const injected = (where: string) => `<script>window.owned="${where}"</script>`;
const hashOf = (source: string) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

function elements(node: Node, tag: string, out: Element[] = []): Element[] {
  if ("tagName" in node && node.tagName === tag) out.push(node);
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) elements(child, tag, out);
  if ("content" in node && node.content) elements(node.content as Node, tag, out);
  return out;
}

function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
  return ("childNodes" in node ? node.childNodes : []).map(textOf).join("");
}

/** The page as a browser parses it: its script elements' sources and its visible text. */
function parsed(markup: string) {
  const document = parse(markup);
  return {
    scripts: elements(document, "script").map(textOf),
    text: textOf(document),
  };
}

/** The hashes of the policy's script-src ('self' and keywords left out). */
function scriptHashes(csp: string): string[] {
  const directive = csp.split(";").find((d) => d.trim().startsWith("script-src"));
  return directive ? directive.trim().split(/\s+/).slice(1) : [];
}

async function tokenOf(id: number): Promise<string> {
  await sendPending(t.db, { submissionId: id });
  const rows = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.submissionId, id))
    .orderBy(mailOutbox.id);
  const customer = rows.filter((m) => !m.kind.startsWith("owner_"));
  const text = sentMessage(customer.at(-1)!.id).text;
  return /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(text)![1]!;
}

describe("the CSP hashes only shipped scripts", () => {
  it("never hashes a script it merely finds in the markup", () => {
    const [shipped] = [...shippedScripts()];
    const evil = `window.owned="markup"`;
    const policy = htmlPolicy(
      `<!doctype html><html><head><style>p{}</style></head><body><script>${evil}</script><style>body{}</style></body></html>`,
    );
    expect(policy).not.toContain("script-src");
    expect(policy).not.toContain(hashOf(evil));
    expect(policy).not.toContain(hashOf("body{}")); // a style outside the head is not the page's own
    expect(policy).toContain(hashOf("p{}"));
    if (shipped) {
      const withShipped = htmlPolicy(`<p><script>${shipped}</script><script>${evil}</script></p>`);
      expect(scriptHashes(withShipped)).toEqual([hashOf(shipped)]);
    }
  });

  it("the customer's page: typed scripts in every text are text, never elements, never hashed", async () => {
    const booked = await bookings(
      jsonRequest(
        "/api/bookings",
        validBooking({
          address: `12 High Street ${injected("address")}, Kirkcaldy KY1 1AA`,
          message: `The tap drips. ${injected("message")}`,
        }),
      ),
    );
    expect(booked.status, await booked.clone().text()).toBe(201);
    const id = ((await booked.json()) as { id: number }).id;

    const ctx = serviceContext();
    const quote = await createQuote(
      id,
      quoteInputSchema.parse({
        lines: [
          { description: `Replace the tap ${injected("quote line")}`, quantity: 1, unitPence: 18_000 },
          {
            description: `Reseal ${injected("optional line")}`,
            quantity: 1,
            unitPence: 3_000,
            optional: true,
          },
        ],
        note: `Parts included. ${injected("quote note")}`,
      }),
      ctx,
    );
    await sendQuote(quote.id, ctx);

    const owner = await adminClient();
    const draft = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        submissionId: id,
        lines: [{ description: `Call-out ${injected("invoice line")}`, quantity: 1, unitPence: 4_000 }],
      },
    });
    expect(draft.status, draft.text).toBe(201);
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${draft.json.invoice.id}/issue`,
    );
    expect(issued.status, issued.text).toBe(200);
    const sent = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${draft.json.invoice.id}/send`);
    expect(sent.status, sent.text).toBe(200);

    const res = await customerPageFn(getRequest(`/request/${await tokenOf(id)}`));
    const markup = await res.text();
    expect(res.status, markup).toBe(200);
    const page = parsed(markup);
    const shipped = shippedScripts();
    expect(page.scripts.length).toBeGreaterThan(0); // the quote's running total at least
    for (const source of page.scripts) expect(shipped.has(source), source.slice(0, 80)).toBe(true);
    // The invoice's lines are in its PDF, not on the page; the page lists the invoice itself.
    expect(page.text).toContain("Your invoices");
    for (const where of ["address", "message", "quote line", "optional line", "quote note"]) {
      expect(page.text, where).toContain(injected(where));
    }
    const hashes = scriptHashes(res.headers.get("content-security-policy") ?? "");
    expect(hashes.sort()).toEqual([...new Set(page.scripts)].map(hashOf).sort());
    for (const where of ["address", "message", "quote line", "quote note", "invoice line"]) {
      expect(hashes).not.toContain(hashOf(`window.owned="${where}"`));
    }
  });

  it("the no-JavaScript page that shows a refused form again: no script, no script-src", async () => {
    const fields = bookingFormFields({ message: `Help ${injected("form")}`, email: "not an e-mail" });
    const res = await bookings(
      new Request("http://localhost/api/bookings", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "text/html",
          origin: "http://localhost",
          "x-forwarded-for": randomIp(),
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );
    const markup = await res.text();
    expect(res.status, markup).toBe(422);
    expect(parsed(markup).scripts).toEqual([]);
    expect(markup).toContain("&lt;script&gt;");
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
  });
});

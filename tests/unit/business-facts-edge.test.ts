/**
 * The HTTP edge fills the business's details in force into an answer (src/platform/http/business-facts.ts):
 * escaped in HTML, as JSON string content in JSON, read once per answer and only when a
 * placeholder is there; other bodies untouched; a 5xx answer never waits on the source.
 */
import { describe, expect, it } from "vitest";
import { businessFact, type BusinessFactValues } from "../../src/lib/business-facts";
import { useBusinessFactSource, withBusinessFacts } from "../../src/platform/http/business-facts";
import { html, json } from "../../src/platform/http/response";

const values: BusinessFactValues = {
  phone: 'O\'Neil "Trades" <01592>',
  phoneHref: "tel:+441592612345",
  email: "owner@example.com",
  address: "1 High Street, Kirkcaldy KY1 1AA",
  accountName: "A",
  sortCode: "00 00 00",
  accountNumber: "1234 5678",
};

function counting() {
  let reads = 0;
  useBusinessFactSource(async () => {
    reads += 1;
    return values;
  });
  return () => reads;
}

describe("withBusinessFacts", () => {
  it("fills HTML escaped and reads the details once for several placeholders", async () => {
    const reads = counting();
    const page = html(
      `<!doctype html><html><head><style>p{}</style></head><body><a href="${businessFact.phoneHref}">${businessFact.phone}</a> ${businessFact.phone}</body></html>`,
    );
    const csp = page.headers.get("Content-Security-Policy");
    const out = await withBusinessFacts(page);
    const text = await out.text();
    expect(text).toContain(
      '<a href="tel:+441592612345">O&#39;Neil &quot;Trades&quot; &lt;01592&gt;</a> O&#39;Neil',
    );
    expect(text).not.toContain("__business_");
    expect(out.headers.get("Content-Security-Policy")).toBe(csp);
    expect(reads()).toBe(1);
  });

  it("fills JSON as string content, so the body stays valid JSON", async () => {
    counting();
    const out = await withBusinessFacts(json({ message: `call us on ${businessFact.phone}` }, 409));
    expect(out.status).toBe(409);
    expect(((await out.json()) as { message: string }).message).toBe(`call us on ${values.phone}`);
  });

  it("reads nothing when no placeholder is present, and leaves other bodies alone", async () => {
    const reads = counting();
    expect(await (await withBusinessFacts(json({ ok: true }))).json()).toEqual({ ok: true });
    const file = new Response(businessFact.phone, { headers: { "Content-Type": "application/pdf" } });
    expect(await (await withBusinessFacts(file)).text()).toBe(businessFact.phone);
    expect(reads()).toBe(0);
  });

  it("a 5xx answer uses the last details read, without reading", async () => {
    const reads = counting();
    await withBusinessFacts(json({ m: businessFact.phone }));
    const failed = await withBusinessFacts(json({ m: `call us on ${businessFact.phone}` }, 503));
    expect(((await failed.json()) as { m: string }).m).toBe(`call us on ${values.phone}`);
    expect(reads()).toBe(1);
  });
});

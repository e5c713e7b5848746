/**
 * The business's details in force in every function answer (docs/decisions/070-business-facts-at-the-edge.md).
 * Services, pages and error envelopes write the placeholders of src/lib/business-facts.ts where the
 * phone (or e-mail, address) goes; `withBusinessFacts` fills them once, as the answer leaves
 * `apiHandler` (./endpoint.ts): HTML escaped, JSON as the inside of a JSON string. The details are
 * read only when the answer holds a placeholder, once per answer, from the source the business
 * feature registers (src/features/business/http-facts.ts, imported by each function's file; the
 * platform never imports a feature). Without a source, or when it fails (the database is down), and
 * for a 5xx answer (which must not wait on the database), the last details read are used, else the
 * config's. A page's inline <style>/<script> never holds a placeholder, so its CSP hashes still hold.
 */
import { phoneHref, site, addressLine } from "../../config/site";
import { fillBusinessFactText, hasBusinessFact, type BusinessFactValues } from "../../lib/business-facts";
import { escapeHtml } from "./html-page";

type Source = () => Promise<BusinessFactValues>;
let source: Source | undefined;
let lastRead: BusinessFactValues | undefined;

/** Where the details in force come from (the business feature registers it). */
export function useBusinessFactSource(read: Source): void {
  source = read;
}

/** Forgets the last details read: the config's are used until the next read (tests). */
export function forgetBusinessFacts(): void {
  lastRead = undefined;
}

/** The config's details: only until the first read, or when nothing can be read. */
function configValues(): BusinessFactValues {
  return {
    phone: site.phone.display,
    phoneHref,
    email: site.email,
    address: addressLine,
    // Never written in an answer; an empty value rather than a wrong one.
    accountName: "",
    sortCode: "",
    accountNumber: "",
  };
}

async function valuesFor(status: number): Promise<BusinessFactValues> {
  if (source && status < 500) {
    try {
      lastRead = await source();
    } catch {
      // The answer still goes out, with the last details known.
    }
  }
  return lastRead ?? configValues();
}

const jsonInside = (value: string) => JSON.stringify(value).slice(1, -1);

/** The answer with its placeholders filled (only JSON and HTML bodies are read). */
export async function withBusinessFacts(response: Response): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  const encode = type.startsWith("application/json")
    ? jsonInside
    : type.startsWith("text/html")
      ? escapeHtml
      : undefined;
  if (!encode || !response.body) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  if (!hasBusinessFact(text)) {
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  }
  // The filled body's length differs from any length stated for the placeholders.
  headers.delete("Content-Length");
  const body = fillBusinessFactText(text, await valuesFor(response.status), encode);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

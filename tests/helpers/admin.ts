/**
 * Calling the admin functions in-process as the signed-in owner: a real session (created through
 * the same service sign-in uses), real Request objects with the site's own Origin.
 *
 *   const owner = await adminClient();
 *   const res = await owner.call(handler, "PATCH", "/api/admin/submissions/3", { body: { state: "quoted" } });
 */
import { createSession } from "../../src/features/admin-auth/service";
import * as requestsRepo from "../../src/features/requests/repository";
import { mailable, type MailableRequest } from "../../src/features/requests/mailable";

export const adminOrigin = "http://localhost:8888";

type Handler = (req: Request, context?: { params?: Record<string, string> }) => Promise<Response>;

export interface AdminCallOptions {
  body?: unknown;
  /** Send no cookie (an anonymous caller). */
  anonymous?: boolean;
  /** Origin header; null sends none. Defaults to the site's own. */
  origin?: string | null;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface AdminResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per route
  json: any;
}

export async function adminClient() {
  const { token } = await createSession();
  const cookie = `kh_admin=${token}`;
  async function call(
    handler: Handler,
    method: string,
    path: string,
    o: AdminCallOptions = {},
  ): Promise<AdminResult> {
    const headers = new Headers({ Accept: "application/json", "x-forwarded-for": "203.0.113.9" });
    if (!o.anonymous) headers.set("Cookie", cookie);
    if (method !== "GET" && o.origin !== null) headers.set("Origin", o.origin ?? adminOrigin);
    for (const [name, value] of Object.entries(o.headers ?? {})) headers.set(name, value);
    let body: string | undefined;
    if (o.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(o.body);
    }
    const res = await handler(
      new Request(adminOrigin + path, { method, headers, ...(body ? { body } : {}) }),
    );
    // Keep a byte-order mark if there is one (Response.text() would drop it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    const isJson = (res.headers.get("content-type") ?? "").includes("json");
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: isJson && text ? JSON.parse(text) : undefined,
    };
  }
  return { cookie, call };
}

let counter = 0;
/** A tag no other test uses, for names and e-mail addresses this test owns. */
export const uniqueTag = (label: string) =>
  `${label}${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A stored request owned by the calling test, as a form sends it (with an e-mail address). */
export async function seedRequest(
  overrides: Partial<requestsRepo.NewCustomerRequest> & { tag?: string } = {},
): Promise<MailableRequest<requestsRepo.CustomerRequest>> {
  const tag = overrides.tag ?? uniqueTag("req");
  const formType = overrides.formType ?? "booking";
  const { request } = await requestsRepo.insert({
    formType,
    name: overrides.name ?? `Owner Test ${tag}`,
    email: overrides.email ?? `${tag}@example.com`,
    phone: overrides.phone ?? "07700 900123",
    message: overrides.message ?? `Please look at the radiator (${tag}).`,
    ...(formType === "booking"
      ? {
          address: overrides.address ?? "1 High Street, Kirkcaldy",
          service: overrides.service ?? "plumbing-heating",
        }
      : {}),
  });
  return mailable(request);
}

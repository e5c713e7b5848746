/**
 * Function answers carry their own security headers (Netlify's header rules in netlify.toml cover
 * only the files it serves): JSON with nosniff and a CSP that allows nothing; the no-JavaScript
 * HTML pages with a CSP that allows exactly their own inline style and no script.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import adminSession from "../../netlify/functions/admin-session.mts";
import adminTestimonials from "../../netlify/functions/admin-testimonials.mts";
import contact from "../../netlify/functions/contact.mts";
import health from "../../netlify/functions/health.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import { useTestDatabase } from "../helpers/db";
import { formRequest, getRequest, jsonRequest, validContact } from "../helpers/http";

useTestDatabase();

const jsonPolicy = "default-src 'none'; frame-ancestors 'none'";

function expectJsonHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toBe(jsonPolicy);
}

describe("security headers on function answers", () => {
  it("every JSON answer, success or error, carries nosniff and a CSP that allows nothing", async () => {
    const answers = [
      await contact(jsonRequest("/api/contact", validContact())), // 201
      await contact(jsonRequest("/api/contact", { name: "" })), // 422
      await contact(getRequest("/api/contact")), // 405
      await testimonialsFn(getRequest("/api/testimonials")), // 200, cached
      await health(getRequest("/api/health")),
      await adminTestimonials(getRequest("/api/admin/testimonials")), // 401
      await adminSession(new Request("http://localhost/api/admin/session", { method: "DELETE" })), // 403
    ];
    expect(answers.map((r) => r.status)).toEqual([201, 422, 405, 200, 200, 401, 403]);
    for (const res of answers) expectJsonHeaders(res);
  });

  it("the no-JavaScript pages allow exactly their own style and no script", async () => {
    const pages = [
      await contact(formRequest("/api/contact", validContact() as Record<string, string>)), // 201 page
      await contact(formRequest("/api/contact", { name: "x" })), // 422 page
    ];
    expect(pages.map((r) => r.status)).toEqual([201, 422]);
    for (const res of pages) {
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const csp = res.headers.get("content-security-policy")!;
      const markup = await res.text();
      const style = /<style>([\s\S]*?)<\/style>/.exec(markup)![1]!;
      const hash = createHash("sha256").update(style, "utf8").digest("base64");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain(`style-src 'sha256-${hash}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe");
      expect(csp).not.toContain("script-src");
      expect(markup).not.toContain("<script");
    }
  });
});

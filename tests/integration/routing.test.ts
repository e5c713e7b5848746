/**
 * How a function with several paths (collection, `/:id`, a sub-path) picks one when Netlify gives
 * no `params`: the local stack's proxy retries a 403 or 404 at `<path>.html`, `<path>/index.html`, …
 * and passes on the last answer, so every such variant must answer as the path it came from.
 */
import { describe, expect, it } from "vitest";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const base = "http://localhost:8888";
const send = (handler: typeof adminSubmissions, method: string, path: string, origin = base) =>
  handler(
    new Request(base + path, { method, headers: { Origin: origin, "content-type": "application/json" } }),
  );

describe("path matching without Netlify's params", () => {
  it("answers every retry variant of an item path as the item path", async () => {
    for (const suffix of ["", ".html", ".htm", "/index.html", "/index.htm"]) {
      const forged = await send(
        adminSubmissions,
        "DELETE",
        `/api/admin/submissions/1${suffix}`,
        "https://evil.example",
      );
      expect(forged.status, suffix).toBe(403);
      expect(
        (await send(adminSubmissions, "PUT", `/api/admin/submissions/1${suffix}`)).headers.get("allow"),
      ).toBe("GET, PATCH, DELETE");
    }
  });

  it("answers a sub-path as itself and anything else under the route as the collection", async () => {
    expect((await send(adminMail, "POST", "/api/admin/mail/retry", "https://evil.example")).status).toBe(403);
    expect((await send(adminMail, "GET", "/api/admin/mail/retry")).headers.get("allow")).toBe("POST");
    expect((await send(adminMail, "POST", "/api/admin/mail/retry.html")).headers.get("allow")).toBe("GET");
    expect((await send(adminMail, "DELETE", "/api/admin/mail")).headers.get("allow")).toBe("GET");
  });
});

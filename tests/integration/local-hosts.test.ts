/**
 * A local stack answers only under its own names (src/platform/http/local-hosts.ts,
 * docs/decisions/043-security-by-default.md). A page on another site can make the developer's
 * browser post to 127.0.0.1 under a name of its own (DNS rebinding); its `Host` and `Origin` then
 * agree, so an origin built from `Host` would pass the same-origin check. With LOCAL_HOSTS set (as
 * scripts/dev.ts sets it in every mode) the function refuses it with 421 before it runs, and no
 * session is made; the stack's own names still sign in.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import adminSession from "../../netlify/functions/admin-session.mts";
import { storeAdminPassword } from "../../src/features/admin-auth/service";
import { adminSessions } from "../../src/features/tables";
import { loopbackHosts } from "../../src/platform/http/local-hosts";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const password = "a-local-test-password";

beforeAll(async () => {
  await storeAdminPassword(password);
});
afterEach(() => {
  delete process.env["LOCAL_HOSTS"];
  delete process.env["AWS_LAMBDA_RUNTIME_API"];
});

let client = 0;
function signIn(host: string, origin = `http://${host}`) {
  return adminSession(
    new Request(`http://${host}/api/admin/session`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin,
        host,
        "x-forwarded-for": `198.51.100.${++client}`,
      },
      body: JSON.stringify({ password }),
    }),
  );
}

describe("a local stack's own names", () => {
  it("refuses a made-up Host with an Origin to match (421), before any session is made", async () => {
    process.env["LOCAL_HOSTS"] = loopbackHosts(8888).join(",");
    const before = (await t.db.select().from(adminSessions)).length;
    for (const host of ["attacker.example:8888", "192.168.1.20:8888", "localhost:9999", "127.0.0.1"]) {
      const res = await signIn(host);
      expect(res.status, host).toBe(421);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("misdirected_request");
      expect(res.headers.get("set-cookie"), host).toBeNull();
    }
    expect((await t.db.select().from(adminSessions)).length).toBe(before);
  });

  it("signs in under localhost, 127.0.0.1 and [::1] with the port, and still refuses another Origin", async () => {
    process.env["LOCAL_HOSTS"] = loopbackHosts(8888).join(",");
    for (const host of loopbackHosts(8888)) {
      const res = await signIn(host);
      expect(res.status, `${host}: ${await res.clone().text()}`).toBe(200);
    }
    expect((await signIn("localhost:8888", "http://attacker.example:8888")).status).toBe(403);
  });

  it("is not checked on Netlify, whose edge routes only the site's own domains", async () => {
    process.env["LOCAL_HOSTS"] = loopbackHosts(8888).join(",");
    process.env["AWS_LAMBDA_RUNTIME_API"] = "127.0.0.1:9001";
    const res = await signIn("www.example-handyman.co.uk");
    expect(res.status).not.toBe(421);
  });
});

/**
 * A deployed site (AWS_LAMBDA_RUNTIME_API set, as in every Netlify function; never locally):
 * - every function answer carries HSTS, success or error, JSON, page or file;
 * - a SITE_URL that is `http://`, an example domain or missing is refused at run time: the form
 *   answers 503 with nothing stored and the log names SITE_URL.
 * Locally (the variable unset) no answer carries HSTS, since the local stack is plain http.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import health from "../../netlify/functions/health.mts";
import { requests } from "../../src/features/tables";
import { resetEnvCache } from "../../src/platform/env";
import { setLogSink } from "../../src/platform/log";
import { setMailSender } from "../../src/features/mail/service";
import { useTestDatabase } from "../helpers/db";
import { formRequest, getRequest, jsonRequest, validContact } from "../helpers/http";

const t = useTestDatabase();
const hsts = "max-age=63072000; includeSubDomains; preload";
const saved: Record<string, string | undefined> = {};
const vars = ["AWS_LAMBDA_RUNTIME_API", "SITE_URL", "SIMULATE_CLIENTS"] as const;

function deploy(siteUrl: string | undefined) {
  process.env["AWS_LAMBDA_RUNTIME_API"] = "127.0.0.1:9001";
  if (siteUrl === undefined) delete process.env["SITE_URL"];
  else process.env["SITE_URL"] = siteUrl;
  resetEnvCache();
}

const logged: Record<string, unknown>[] = [];
beforeEach(() => {
  for (const v of vars) saved[v] = process.env[v];
  logged.length = 0;
  setLogSink((line) => logged.push(JSON.parse(line) as Record<string, unknown>));
  setMailSender(null);
});
afterEach(() => {
  for (const v of vars) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
  resetEnvCache();
  setMailSender(undefined);
  setLogSink(() => {});
});

const storedNamed = async (name: string) =>
  (await t.db.select().from(requests).where(eq(requests.name, name))).length;

describe("HSTS on function answers", () => {
  it("is on every answer of a deployed site: 201, 422, 405, a page and the health check", async () => {
    deploy("https://www.kingdom-handyman.co.uk");
    const ip = "198.51.100.7";
    const answers = [
      await contact(jsonRequest("/api/contact", validContact()), { ip }),
      await contact(jsonRequest("/api/contact", { name: "" }), { ip }),
      await contact(getRequest("/api/contact"), { ip }),
      await contact(formRequest("/api/contact", validContact() as Record<string, string>), { ip }),
      await health(getRequest("/api/health")),
    ];
    expect(answers.map((r) => r.status)).toEqual([201, 422, 405, 201, 200]);
    for (const res of answers) expect(res.headers.get("strict-transport-security")).toBe(hsts);
  });

  it("is not sent by the local stack (plain http)", async () => {
    delete process.env["AWS_LAMBDA_RUNTIME_API"];
    resetEnvCache();
    const res = await contact(jsonRequest("/api/contact", validContact()));
    expect(res.status).toBe(201);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("SITE_URL on a deployed site", () => {
  it.each([
    ["http://www.kingdom-handyman.co.uk", "must start with https://"],
    ["https://www.kingdomhandyman.example", "is not a public domain"],
    [undefined, "is not set"],
  ])("refuses %s: 503, nothing stored, the log names SITE_URL", async (value, says) => {
    deploy(value);
    const message = validContact();
    const res = await contact(jsonRequest("/api/contact", message), { ip: "198.51.100.8" });
    expect(res.status).toBe(503);
    expect(await storedNamed(message.name)).toBe(0);
    const config = logged.find((l) => l["event"] === "config.invalid");
    expect(config?.["variable"]).toBe("SITE_URL");
    expect(String(config?.["message"])).toContain(says);
  });

  it("is not checked locally, where the example default is what the dev stack uses", async () => {
    delete process.env["AWS_LAMBDA_RUNTIME_API"];
    process.env["SITE_URL"] = "http://localhost:8888";
    resetEnvCache();
    const message = validContact();
    expect((await contact(jsonRequest("/api/contact", message))).status).toBe(201);
    expect(await storedNamed(message.name)).toBe(1);
  });
});

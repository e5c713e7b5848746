/**
 * `npm run doctor`: the real script, run as the owner runs it, on today's config and on a fully
 * confirmed set of facts; and the checks behind it on malformed production settings.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  envFindings,
  isDramaNumber,
  placeholderFindings,
  stripeFindings,
  stripeStatus,
} from "../../scripts/lib/launch-check";
import { facts } from "../../scripts/lib/launch-facts";
import { team } from "../../src/data/team";
import { drawnImageKeys } from "../../src/assets/image-keys";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsx = join(root, "node_modules/.bin/tsx");

/** Environment for the child: only what node needs, plus the given production settings. */
function run(args: string[], settings: Record<string, string> = {}) {
  const env: Record<string, string> = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" };
  const result = spawnSync(tsx, ["scripts/doctor.ts", ...args], {
    cwd: root,
    env: { ...env, ...settings },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const goodEnv = {
  SITE_URL: "https://www.kingdom-handyman.co.uk",
  DATABASE_URL: "postgres://postgres.abc:secret@aws-0-eu-west-2.pooler.supabase.com:6543/postgres",
  SMTP_URL: "smtps://apikey:secret@smtp.postmarkapp.com:465",
  MAIL_FROM: "Kingdom Handyman Services <bookings@kingdom-handyman.co.uk>",
  RATE_LIMIT_SECRET: "0123456789abcdef0123456789abcdef",
  VAPID_PUBLIC_KEY: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
  VAPID_PRIVATE_KEY: "UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls",
};

const dir = mkdtempSync(join(tmpdir(), "kh-doctor-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test starts the real script through tsx: seconds on a busy machine.
describe("npm run doctor", { timeout: 60_000 }, () => {
  it("on today's config: one line per placeholder with its file and key, every missing setting, exit 1", () => {
    const { status, out } = run([]);
    expect(status).toBe(1);
    const expected = placeholderFindings(facts);
    expect(out).toContain(`Placeholders and unconfirmed claims: ${expected.length}`);
    for (const f of expected)
      expect(out).toMatch(new RegExp(`✗ ${f.file}  ${f.key.replace(/[[\]()]/g, "\\$&")}\\s`));
    for (const key of [
      "site.phone",
      "site.email",
      "site.defaultUrl",
      "site.address",
      "site.company.number",
      "site.insurance",
      "site.accreditations",
      "site.stats",
    ])
      expect(out).toContain(`src/config/site.ts  ${key} `);
    for (const m of team) expect(out).toContain(`src/data/team.ts  team[${team.indexOf(m)}] (${m.id})`);
    for (const key of drawnImageKeys) expect(out).toContain(`drawnImageKeys "${key}"`);
    for (const name of Object.keys(goodEnv))
      expect(out).toMatch(new RegExp(`environment  ${name}\\s+not set`));
    expect(
      out
        .trim()
        .split("\n")
        .filter((l) => l.includes("✗")),
    ).toHaveLength(expected.length + Object.keys(goodEnv).length);
  });

  it("on a fully confirmed config with good production settings: nothing to fix, exit 0", () => {
    const file = join(dir, "confirmed-facts.mjs");
    const confirmed = {
      site: {
        phone: { display: "01592 123456", e164: "+441592123456" },
        email: "hello@kingdom-handyman.co.uk",
        defaultUrl: "https://www.kingdom-handyman.co.uk",
        socials: [{ network: "Facebook", url: "https://www.facebook.com/kingdomhandymanfife" }],
        address: { confirmed: true },
        company: {
          registeredName: "Kingdom Handyman Services Ltd",
          number: "SC612345",
          registeredIn: "Scotland",
          confirmed: true,
        },
        stats: { confirmed: true },
        insurance: { publicLiability: "£5 million", confirmed: true },
        accreditations: {
          gasPartner: "Gas Safe registered",
          electricalPartner: "NICEIC approved",
          confirmed: true,
        },
        processors: { mail: { name: "Postmark" }, confirmed: true },
      },
      team: [{ id: "jo-bloggs", name: "Jo Bloggs", sample: false }],
      drawnImageKeys: [],
    };
    writeFileSync(file, `export const facts = ${JSON.stringify(confirmed)};\n`);
    const { status, out } = run(["--facts", file], goodEnv);
    expect(out).toContain("Placeholders and unconfirmed claims: 0");
    expect(out).toContain("Production settings in this environment: 0 to fix");
    expect(out).toContain("doctor: ready to go live");
    expect(out).toContain("Card payments (Stripe): off.");
    expect(status).toBe(0);

    // The same facts with one setting gone: not ready.
    const { RATE_LIMIT_SECRET: _omitted, ...withoutSecret } = goodEnv;
    const missing = run(["--facts", file], withoutSecret);
    expect(missing.status).toBe(1);
    expect(missing.out).toMatch(/✗ environment\s+RATE_LIMIT_SECRET\s+not set/);

    // Without the VAPID keys: not ready, and a new pair to set is printed.
    const { VAPID_PUBLIC_KEY: _p, VAPID_PRIVATE_KEY: _k, ...withoutPush } = goodEnv;
    const noPush = run(["--facts", file], withoutPush);
    expect(noPush.status).toBe(1);
    expect(noPush.out).toMatch(/✗ environment\s+VAPID_PUBLIC_KEY\s+not set/);
    expect(noPush.out).toMatch(
      /VAPID_PUBLIC_KEY=[A-Za-z0-9_-]{87}\n\s+VAPID_PRIVATE_KEY=[A-Za-z0-9_-]{43}\n/,
    );
  });
});

describe("the checks behind it", () => {
  it("card payments: off without a key; on, a live key needs its webhook secret; a test key or the test server is refused", () => {
    const found = (env: Record<string, string>) =>
      Object.fromEntries(stripeFindings(env).map((f) => [f.key, f.message]));
    expect(found({})).toEqual({});
    expect(stripeStatus({})).toMatch(/^Card payments \(Stripe\): off/);
    const live = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(found(live)).toEqual({});
    expect(stripeStatus(live)).toBe("Card payments (Stripe): on, LIVE keys, webhook secret set.");
    expect(found({ STRIPE_SECRET_KEY: "sk_live_abc123" })["STRIPE_WEBHOOK_SECRET"]).toMatch(/^not set/);
    expect(stripeStatus({ STRIPE_SECRET_KEY: "sk_test_abc" })).toBe(
      "Card payments (Stripe): on, TEST keys (no real money), webhook secret MISSING.",
    );
    expect(found({ ...live, STRIPE_SECRET_KEY: "sk_test_abc" })["STRIPE_SECRET_KEY"]).toMatch(/TEST key/);
    expect(found({ ...live, STRIPE_SECRET_KEY: "pk_live_abc" })["STRIPE_SECRET_KEY"]).toMatch(
      /not a Stripe secret key/,
    );
    expect(found({ ...live, STRIPE_WEBHOOK_SECRET: "abc" })["STRIPE_WEBHOOK_SECRET"]).toMatch(/whsec_/);
    expect(found({ ...live, STRIPE_API_BASE: "http://127.0.0.1:12111" })["STRIPE_API_BASE"]).toMatch(
      /tests only/,
    );
    // In the whole list of production settings, too.
    expect(envFindings({ ...goodEnv, STRIPE_SECRET_KEY: "sk_live_abc123" }).map((f) => f.key)).toEqual([
      "STRIPE_WEBHOOK_SECRET",
    ]);
  });

  it("knows Ofcom's drama ranges and nothing else", () => {
    expect(isDramaNumber("+441314960472")).toBe(true);
    expect(isDramaNumber("+447700900123")).toBe(true);
    expect(isDramaNumber("+442079460999")).toBe(true);
    expect(isDramaNumber("+441592123456")).toBe(false);
    expect(isDramaNumber("+441314961472")).toBe(false);
  });

  it("says what is wrong with each malformed production setting", () => {
    const messages = (env: Record<string, string>) =>
      Object.fromEntries(envFindings({ ...goodEnv, ...env }).map((f) => [f.key, f.message]));
    expect(messages({})).toEqual({});
    expect(messages({ SITE_URL: "http://www.kingdom-handyman.co.uk" })["SITE_URL"]).toMatch(/https/);
    expect(messages({ SITE_URL: "https://www.kingdomhandyman.example" })["SITE_URL"]).toMatch(/not a public/);
    expect(messages({ SITE_URL: "https://www.kingdom-handyman.co.uk/home" })["SITE_URL"]).toMatch(
      /bare origin/,
    );
    expect(messages({ SITE_URL: "kingdom" })["SITE_URL"]).toMatch(/not a URL/);
    expect(messages({ DATABASE_URL: "mysql://x@y/z" })["DATABASE_URL"]).toMatch(/postgres:\/\//);
    expect(
      messages({ DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:5432/postgres" })["DATABASE_URL"],
    ).toMatch(/this machine/);
    expect(messages({ SMTP_URL: "https://smtp.example.com" })["SMTP_URL"]).toMatch(/smtp:\/\//);
    expect(messages({ SMTP_URL: "smtp://u:p@smtp.provider.example:587" })["SMTP_URL"]).toMatch(/not a real/);
    expect(messages({ MAIL_FROM: "Kingdom Handyman" })["MAIL_FROM"]).toMatch(/not an address/);
    expect(messages({ MAIL_FROM: "hello@kingdomhandyman.example" })["MAIL_FROM"]).toMatch(/reserved/);
    expect(messages({ MAIL_FROM: "bookings@kingdom-handyman.co.uk" })).toEqual({});
    expect(messages({ RATE_LIMIT_SECRET: "short" })["RATE_LIMIT_SECRET"]).toMatch(
      /too short \(5 characters\)/,
    );
    expect(messages({ RATE_LIMIT_SECRET: "   " })["RATE_LIMIT_SECRET"]).toMatch(/not set/);
    expect(messages({ VAPID_PUBLIC_KEY: "" })["VAPID_PUBLIC_KEY"]).toMatch(/not set/);
    expect(messages({ VAPID_PRIVATE_KEY: "" })["VAPID_PRIVATE_KEY"]).toMatch(/not set/);
    expect(messages({ VAPID_PUBLIC_KEY: "abc" })["VAPID_PUBLIC_KEY"]).toMatch(/87 characters/);
  });

  it("flags a company number that is not Scottish when the company is registered in Scotland", () => {
    const wrong = placeholderFindings({
      ...facts,
      site: { ...facts.site, company: { ...facts.site.company, number: "01234567" } },
    });
    expect(wrong.find((f) => f.key === "site.company.number")?.message).toMatch(
      /not a Scottish company number/,
    );
  });
});

/**
 * What stands between the site and a real launch: every fact in the config that is still a
 * placeholder or an unconfirmed claim, and every production setting in the environment that is
 * missing or malformed. `npm run doctor` prints these; `astro build` prints the placeholders as a
 * warning block (astro.config.mjs). Pure functions over plain data, so a test can hand in any facts
 * and any environment (docs/decisions/013-honest-content-and-launch-check.md).
 */

/** The facts the checks read: a subset of src/config/site.ts, the team and the image keys. */
export interface LaunchFacts {
  readonly site: {
    readonly phone: { readonly display: string; readonly e164: string };
    readonly email: string;
    readonly defaultUrl: string;
    readonly socials: readonly { readonly network: string; readonly url: string }[];
    readonly address: { readonly confirmed: boolean };
    readonly company: {
      readonly registeredName: string;
      readonly number: string;
      readonly registeredIn: string;
      /** True when the owner trades as a sole trader: no company number to check. */
      readonly soleTrader?: boolean;
      readonly confirmed: boolean;
    };
    readonly stats: { readonly confirmed: boolean };
    readonly insurance: { readonly publicLiability: string; readonly confirmed: boolean };
    readonly accreditations: {
      readonly gasPartner: string;
      readonly electricalPartner: string;
      readonly confirmed: boolean;
    };
    readonly processors: {
      readonly mail: { readonly name: string };
      /** The processors the privacy policy names, as the owner saved them (read from the database). */
      readonly list?: readonly { readonly name: string; readonly role: string }[];
      readonly confirmed: boolean;
    };
    /** The bank account printed on every invoice. */
    readonly invoices?: { readonly bank: { readonly confirmed: boolean } };
  };
  readonly team: readonly { readonly id: string; readonly name: string; readonly sample: boolean }[];
  readonly drawnImageKeys: readonly string[];
}

/** One thing to put right, with where to put it right. */
export interface Finding {
  /** The file to edit, or "environment" for a production setting. */
  readonly file: string;
  /** The key in that file, or the variable name. */
  readonly key: string;
  readonly message: string;
}

const SITE = "src/config/site.ts";

/**
 * Ofcom's numbers for drama (TV, radio, film, examples): national significant numbers (after the
 * leading 0) start with one of these, then three more digits. They never reach a real person.
 */
const dramaPrefixes = [
  "1134960", // 0113 496 0xxx Leeds
  "1144960", // 0114 496 0xxx Sheffield
  "1154960", // 0115 496 0xxx Nottingham
  "1164960", // 0116 496 0xxx Leicester
  "1174960", // 0117 496 0xxx Bristol
  "1184960", // 0118 496 0xxx Reading
  "1214960", // 0121 496 0xxx Birmingham
  "1314960", // 0131 496 0xxx Edinburgh
  "1414960", // 0141 496 0xxx Glasgow
  "1514960", // 0151 496 0xxx Liverpool
  "1614960", // 0161 496 0xxx Manchester
  "2079460", // 020 7946 0xxx London
  "2896496", // 028 9649 6xxx Belfast
  "2920180", // 029 2018 0xxx Cardiff
  "1632960", // 01632 960xxx no area
  "7700900", // 07700 900xxx mobile
  "8081570", // 08081 570xxx freephone
  "9098790", // 0909 879 0xxx premium rate
  "3069990", // 03069 990xxx non-geographic
];

export function isDramaNumber(e164: string): boolean {
  const national = e164.replace(/^\+44/, "").replace(/\D/g, "");
  return dramaPrefixes.some((p) => national.startsWith(p) && national.length === p.length + 3);
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): nobody receives mail there. */
export function isReservedDomain(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return /(^|\.)(example|test|invalid|localhost)$/.test(h) || /(^|\.)example\.(com|net|org)$/.test(h);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

function domainOfAddress(address: string): string | null {
  const m = /@([^\s@>]+)>?\s*$/.exec(address.trim());
  return m ? m[1]!.toLowerCase() : null;
}

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\./.test(h) || h === "0.0.0.0";
}

/** Every fact still a placeholder or a claim the owner has not confirmed, in config order. */
export function placeholderFindings(facts: LaunchFacts): Finding[] {
  const { site } = facts;
  const out: Finding[] = [];
  const add = (file: string, key: string, message: string) => out.push({ file, key, message });

  const national = site.phone.e164.replace(/^\+44/, "0");
  if (isDramaNumber(site.phone.e164))
    add(
      SITE,
      "site.phone",
      `${site.phone.display} is in Ofcom's drama range: nobody answers it. Put the real number in (display and e164).`,
    );
  else if (national.replace(/\D/g, "") !== site.phone.display.replace(/\D/g, ""))
    add(
      SITE,
      "site.phone",
      `display ${site.phone.display} and e164 ${site.phone.e164} are different numbers.`,
    );

  const mailDomain = domainOfAddress(site.email);
  if (!mailDomain || isReservedDomain(mailDomain))
    add(
      SITE,
      "site.email",
      `${site.email} is on a reserved example domain: nobody receives it. Put the real address in.`,
    );

  const siteHost = hostOf(site.defaultUrl);
  if (!siteHost || isReservedDomain(siteHost))
    add(
      SITE,
      "site.defaultUrl",
      `${site.defaultUrl} is not the real domain (it fills canonical URLs and the sitemap when SITE_URL is not set).`,
    );

  site.socials.forEach((s, i) => {
    const host = hostOf(s.url);
    if (!host || /example/i.test(s.url))
      add(
        SITE,
        `site.socials[${i}]`,
        `the ${s.network} link ${s.url} is a placeholder. Put the real page in, or remove it.`,
      );
  });

  if (!site.address.confirmed)
    add(
      SITE,
      "site.address",
      "the trading address is invented. Put the real one in, then set address.confirmed: true.",
    );

  const c = site.company;
  if (c.soleTrader) {
    // A sole trader's papers name no company, so there is no number to check.
  } else if (/^[A-Z]{0,2}0+$/.test(c.number))
    add(
      SITE,
      "site.company.number",
      `${c.number} is a placeholder company number. Put the number from Companies House in.`,
    );
  else if (c.registeredIn === "Scotland" && !/^SC\d{6}$/.test(c.number))
    add(SITE, "site.company.number", `${c.number} is not a Scottish company number (SC and six digits).`);
  if (!c.confirmed)
    add(
      SITE,
      "site.company",
      `the registered name, number and registered office of ${c.registeredName} are unconfirmed. Check them against the Companies House register, then set company.confirmed: true.`,
    );

  if (!site.stats.confirmed)
    add(
      SITE,
      "site.stats",
      "the figures (years, projects, happy clients, founding year) need the owner's confirmation that they can be backed up; then set stats.confirmed: true.",
    );
  if (!site.insurance.confirmed)
    add(
      SITE,
      "site.insurance",
      `the ${site.insurance.publicLiability} public liability cover needs the owner's confirmation against the policy; then set insurance.confirmed: true.`,
    );
  if (!site.accreditations.confirmed)
    add(
      SITE,
      "site.accreditations",
      `the ${site.accreditations.gasPartner} and ${site.accreditations.electricalPartner} partner claims need the owner's confirmation; then set accreditations.confirmed: true.`,
    );
  if (!site.processors.confirmed) add(SITE, "site.processors", processorsMessage(site.processors));
  if (site.invoices && !site.invoices.bank.confirmed)
    add(
      SITE,
      "site.invoices.bank",
      "the bank details printed on every invoice are placeholders. Put the business's real account in, then set invoices.bank.confirmed: true.",
    );

  facts.team.forEach((m, i) => {
    if (m.sample)
      add(
        "src/data/team.ts",
        `team[${i}] (${m.id})`,
        `${m.name} is an invented sample team member. Put the real person in (with a photo), then set sample: false.`,
      );
  });
  for (const key of facts.drawnImageKeys)
    add(
      "src/assets/image-keys.ts",
      `drawnImageKeys "${key}"`,
      `still the drawn stand-in image. Put a photo in (src/assets/images.ts), then take the key out of drawnImageKeys.`,
    );

  return out;
}

/** The unconfirmed processors: the ones the owner saved when there are any, else the config's mail provider. */
function processorsMessage(p: LaunchFacts["site"]["processors"]): string {
  if (!p.list?.length)
    return `the privacy policy's data processors need confirming (the mail provider is "${p.mail.name}"): name each and check its data processing agreement, then set processors.confirmed: true.`;
  const named = p.list.map((x) => `${x.name} (${x.role})`).join("; ");
  return `the privacy policy's data processors need confirming: ${named}. Check each is the company you use and has a data processing agreement, then set processors.confirmed: true.`;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The production settings the functions and the build read, checked as far as they can be from here. */
export function envFindings(env: Env): Finding[] {
  const out: Finding[] = [];
  const add = (key: string, message: string) => out.push({ file: "environment", key, message });
  const value = (key: string) => {
    const v = env[key]?.trim();
    return v ? v : undefined;
  };

  const siteUrl = value("SITE_URL");
  if (!siteUrl)
    add(
      "SITE_URL",
      "not set: the live site's address, e.g. https://www.your-domain.co.uk (canonical URLs, sitemap, links in e-mails).",
    );
  else {
    let u: URL | null = null;
    try {
      u = new URL(siteUrl);
    } catch {
      add("SITE_URL", `"${siteUrl}" is not a URL.`);
    }
    if (u) {
      if (u.protocol !== "https:") add("SITE_URL", `${siteUrl} must start with https://.`);
      else if (isLoopback(u.hostname) || isReservedDomain(u.hostname))
        add("SITE_URL", `${siteUrl} is not a public domain.`);
      else if (u.pathname !== "/" || u.search || u.hash)
        add(
          "SITE_URL",
          `${siteUrl} must be the bare origin, with no path, e.g. https://www.your-domain.co.uk.`,
        );
    }
  }

  const dbUrl = value("DATABASE_URL");
  if (!dbUrl)
    add("DATABASE_URL", "not set: the Supabase transaction-pooler URL (…pooler.supabase.com:6543/postgres).");
  else if (!/^postgres(ql)?:\/\//.test(dbUrl)) add("DATABASE_URL", "must be a postgres:// URL.");
  else {
    const host = hostOf(dbUrl);
    if (!host)
      add(
        "DATABASE_URL",
        "is not a valid URL (is a special character in the password not percent-encoded?).",
      );
    else if (isLoopback(host))
      add("DATABASE_URL", `points at this machine (${host}): production needs the Supabase pooler URL.`);
  }

  const smtp = value("SMTP_URL");
  if (!smtp)
    add("SMTP_URL", "not set: without it no e-mail is sent (smtp://user:pass@host:587 or smtps://…:465).");
  else if (!/^smtps?:\/\//.test(smtp)) add("SMTP_URL", "must be an smtp:// or smtps:// URL.");
  else {
    const host = hostOf(smtp);
    if (!host)
      add("SMTP_URL", "is not a valid URL (is a special character in the password not percent-encoded?).");
    else if (isLoopback(host) || isReservedDomain(host))
      add("SMTP_URL", `${host} is not a real mail server.`);
  }

  const from = value("MAIL_FROM");
  if (!from)
    add("MAIL_FROM", 'not set: the sender, e.g. "Kingdom Handyman Services <bookings@your-domain.co.uk>".');
  else {
    const m = /^(?:[^<>]*<\s*([^<>\s]+@[^<>\s]+)\s*>|([^<>\s]+@[^<>\s]+))$/.exec(from);
    const address = m?.[1] ?? m?.[2];
    const domain = address ? domainOfAddress(address) : null;
    if (!address || !domain || !domain.includes("."))
      add("MAIL_FROM", `"${from}" is not an address or "Name <address>".`);
    else if (isReservedDomain(domain)) add("MAIL_FROM", `${address} is on a reserved example domain.`);
  }

  const secret = value("RATE_LIMIT_SECRET");
  if (!secret)
    add("RATE_LIMIT_SECRET", "not set: at least 32 random characters (e.g. `openssl rand -base64 32`).");
  else if (secret.length < 32)
    add("RATE_LIMIT_SECRET", `too short (${secret.length} characters): use at least 32 random characters.`);

  // Web push (docs/decisions/034-push-notifications.md): without the pair the owner's phone gets no
  // notifications (e-mail still comes). doctor prints a new pair when they are missing.
  const vapidPublic = value("VAPID_PUBLIC_KEY");
  const vapidPrivate = value("VAPID_PRIVATE_KEY");
  const pushOff =
    "not set: notifications on the owner's phone stay off until both VAPID keys are set (a new pair is printed below; `npm run push:keys` makes another).";
  if (!vapidPublic || !vapidPrivate) {
    if (!vapidPublic) add("VAPID_PUBLIC_KEY", pushOff);
    if (!vapidPrivate) add("VAPID_PRIVATE_KEY", pushOff);
  } else {
    if (!/^[A-Za-z0-9_-]{87}$/.test(vapidPublic))
      add(
        "VAPID_PUBLIC_KEY",
        "is not a P-256 public key in base64url (87 characters): use `npm run push:keys`.",
      );
    if (!/^[A-Za-z0-9_-]{43}$/.test(vapidPrivate))
      add(
        "VAPID_PRIVATE_KEY",
        "is not a P-256 private key in base64url (43 characters): use `npm run push:keys`.",
      );
  }

  out.push(...stripeFindings(env));
  return out;
}

/**
 * Card payments through Stripe (docs/decisions/048-card-payments-stripe.md): optional, so no key is
 * no finding (`stripeStatus` says they are off). A key set must be a live secret key with its webhook
 * secret beside it, and the test server's address must not be set.
 */
export function stripeFindings(env: Env): Finding[] {
  const out: Finding[] = [];
  const add = (key: string, message: string) => out.push({ file: "environment", key, message });
  const key = env["STRIPE_SECRET_KEY"]?.trim();
  if (!key) return out;
  if (!/^(sk|rk)_(live|test)_\w+$/.test(key))
    add("STRIPE_SECRET_KEY", "is not a Stripe secret key (sk_live_… or rk_live_…, from Stripe's dashboard).");
  else if (/^(sk|rk)_test_/.test(key))
    add(
      "STRIPE_SECRET_KEY",
      "is a TEST key: customers' payments would not be taken. Use the live key (sk_live_…).",
    );
  const hook = env["STRIPE_WEBHOOK_SECRET"]?.trim();
  if (!hook)
    add(
      "STRIPE_WEBHOOK_SECRET",
      "not set: Stripe's events are refused, so card payments would never be recorded. Add the endpoint https://<site>/api/payments/webhook/stripe in Stripe's dashboard and set its signing secret (whsec_…).",
    );
  else if (!/^whsec_\w+$/.test(hook))
    add("STRIPE_WEBHOOK_SECRET", "is not a webhook signing secret (whsec_…).");
  if (env["STRIPE_API_BASE"]?.trim())
    add("STRIPE_API_BASE", "is for tests only (a local Stripe-compatible server): remove it in production.");
  return out;
}

/** One line on card payments: off, or on with live or test keys. */
export function stripeStatus(env: Env): string {
  const key = env["STRIPE_SECRET_KEY"]?.trim();
  if (!key)
    return "Card payments (Stripe): off. No Pay button shows; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to offer them.";
  const mode = /^(sk|rk)_live_/.test(key) ? "LIVE keys" : "TEST keys (no real money)";
  const hook = env["STRIPE_WEBHOOK_SECRET"]?.trim() ? "webhook secret set" : "webhook secret MISSING";
  return `Card payments (Stripe): on, ${mode}, ${hook}.`;
}

/** The findings as lines, one per finding: `file  key  message`. */
export function formatFindings(findings: readonly Finding[]): string[] {
  const width = Math.max(0, ...findings.map((f) => `${f.file}  ${f.key}`.length));
  return findings.map((f) => `${`${f.file}  ${f.key}`.padEnd(width)}  ${f.message}`);
}

/**
 * The business settings as stored (docs/decisions/045-business-details.md,
 * docs/decisions/055-identity-and-public-facts.md): a saved version read back whole, with the
 * defaults of src/config/site.ts for a fresh install or a field saved before it existed.
 */
import { businessDefaults, traderFacts as configTraderFacts } from "../../config/site";
import { businessSettingsSchema, publicFactsSchema } from "./contract/endpoints";
import type { BusinessSettings, TraderFacts } from "./contract/identity";
import { addressOneLine, publicFactFields, type PublicFacts } from "./contract/public-facts";
import type { BusinessVersionRow } from "./repository";

export function defaultBusinessSettings(): BusinessSettings {
  return { ...businessDefaults };
}

export function settingsOf(row: BusinessVersionRow | null): BusinessSettings {
  if (!row) return defaultBusinessSettings();
  // A version saved before a field existed takes that field's default.
  return businessSettingsSchema.parse({ ...defaultBusinessSettings(), ...row.settings });
}

/** The public facts among the settings. */
export function publicFactsOf(s: BusinessSettings): PublicFacts {
  return publicFactsSchema.parse(Object.fromEntries(publicFactFields.map((f) => [f, s[f]])));
}

/** A published version's business part, or null when it has none (published before it existed). */
export function publishedFactsOf(part: unknown): PublicFacts | null {
  if (typeof part !== "object" || part === null) return null;
  // A version published before a fact existed states that fact's default.
  const parsed = publicFactsSchema.safeParse({ ...publicFactsOf(defaultBusinessSettings()), ...part });
  return parsed.success ? parsed.data : null;
}

/** What a paper says of the trader besides the settings: the brand, where registered, the office. */
export function traderFactsOf(f: PublicFacts): TraderFacts {
  return {
    tradingName: configTraderFacts.tradingName,
    registeredIn: configTraderFacts.registeredIn,
    registeredOffice: addressOneLine(f.registeredOffice ?? f.address),
    contact: { phone: f.phone, email: f.email, address: addressOneLine(f.address) },
  };
}

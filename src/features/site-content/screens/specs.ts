/**
 * How each of the website's lists is edited: its fields, how an item becomes the form's text and
 * the text a request body (prices typed in pounds, sent as whole pence).
 */
import { poundsDecimal } from "../../../platform/money";
import { parseTypedPounds } from "../../../platform/money";
import type { FaqInput, ServiceInput, TeamInput, TownInput } from "../contract/endpoints";
import {
  priceBases,
  priceBasisLabels,
  siteIconKeys,
  siteIconLabels,
  startingPriceText,
} from "../contract/rules";
import type { ListSpec, Texts } from "./ContentList";
import type { SiteFaq, SiteService, SiteTeamMember, SiteTown } from "./api";

const trimmed = (text: Texts, name: string) => (text[name] ?? "").trim();

/** The price as the site shows it: "from £150 per room", "£95 fixed price". */
export const startingPrice = (s: Pick<SiteService, "startingPricePence" | "priceBasis">): string =>
  startingPriceText(s.startingPricePence, s.priceBasis);

const lines = (value: string) =>
  value
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** "Title: what happens" per line → steps; a line without a colon is named in the message. */
function stepsOf(value: string): { steps: { title: string; description: string }[] } | { error: string } {
  const steps = [];
  for (const [i, line] of lines(value).entries()) {
    const at = line.indexOf(":");
    if (at <= 0 || at === line.length - 1) {
      return { error: `Step ${i + 1}: write a short title, a colon, then what happens.` };
    }
    steps.push({ title: line.slice(0, at).trim(), description: line.slice(at + 1).trim() });
  }
  return { steps };
}

export const serviceSpec: ListSpec<SiteService, ServiceInput> = {
  noun: "service",
  fields: [
    { name: "name", label: "Name" },
    { name: "summary", label: "Summary (one sentence for the cards)" },
    { name: "description", label: "Description", kind: "textarea" },
    { name: "startingPricePence", label: "Starting price (£)", inputMode: "decimal" },
    {
      name: "priceBasis",
      label: "The price is",
      kind: "select",
      options: priceBases.map((b) => ({ value: b, label: priceBasisLabels[b] })),
    },
    {
      name: "icon",
      label: "Icon",
      kind: "select",
      options: siteIconKeys.map((k) => ({ value: k, label: siteIconLabels[k] })),
    },
    {
      name: "features",
      label: "What we offer",
      kind: "textarea",
      hint: "One per line, up to 10.",
    },
    {
      name: "process",
      label: "How it works",
      kind: "textarea",
      hint: "One step per line: a short title, a colon, then what happens. Up to 8.",
    },
  ],
  empty: {
    name: "",
    summary: "",
    description: "",
    startingPricePence: "",
    priceBasis: "per-hour",
    icon: "wrench",
    features: "",
    process: "",
  },
  textOf: (s) => ({
    name: s.name,
    summary: s.summary,
    description: s.description,
    startingPricePence: poundsDecimal(s.startingPricePence),
    priceBasis: s.priceBasis,
    icon: s.icon,
    features: s.features.join("\n"),
    process: s.process.map((p) => `${p.title}: ${p.description}`).join("\n"),
  }),
  bodyOf: (text) => {
    const pence = parseTypedPounds(trimmed(text, "startingPricePence"));
    const steps = stepsOf(text["process"] ?? "");
    const errors: Record<string, string> = {};
    if (pence === null) errors["startingPricePence"] = "Enter the price in pounds, such as 150 or 12.50.";
    if ("error" in steps) errors["process"] = steps.error;
    if (pence === null || "error" in steps) return { errors };
    return {
      body: {
        name: trimmed(text, "name"),
        summary: trimmed(text, "summary"),
        description: trimmed(text, "description"),
        startingPricePence: pence,
        priceBasis: text["priceBasis"] as ServiceInput["priceBasis"],
        icon: text["icon"] as ServiceInput["icon"],
        features: lines(text["features"] ?? ""),
        process: steps.steps,
      },
    };
  },
  title: (s) => s.name,
  detail: (s) => `${startingPrice(s)} · /services/${s.slug}`,
};

export const faqSpec: ListSpec<SiteFaq, FaqInput> = {
  noun: "question",
  fields: [
    { name: "question", label: "Question" },
    {
      name: "answer",
      label: "Answer",
      kind: "textarea",
      hint: "A blank line starts a new paragraph; **bold**, - a list item, [words](https://…) for a link.",
    },
  ],
  empty: { question: "", answer: "" },
  textOf: (f) => ({ question: f.question, answer: f.answer }),
  bodyOf: (text) => ({ body: { question: trimmed(text, "question"), answer: trimmed(text, "answer") } }),
  title: (f) => f.question,
  detail: (f) => f.answer,
};

export const teamSpec: ListSpec<SiteTeamMember, TeamInput> = {
  noun: "team member",
  fields: [
    { name: "name", label: "Name" },
    { name: "role", label: "Role" },
    { name: "bio", label: "About them", kind: "textarea" },
  ],
  empty: { name: "", role: "", bio: "" },
  textOf: (m) => ({ name: m.name, role: m.role, bio: m.bio }),
  bodyOf: (text) => ({
    body: { name: trimmed(text, "name"), role: trimmed(text, "role"), bio: trimmed(text, "bio") },
  }),
  title: (m) => (m.sample ? `${m.name} (sample)` : m.name),
  detail: (m) => m.role,
};

const coordinate = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null);

export const townSpec: ListSpec<SiteTown, TownInput> = {
  noun: "town",
  fields: [
    { name: "name", label: "Town" },
    { name: "latitude", label: "Latitude", inputMode: "decimal", hint: "From a map, such as 56.1165" },
    {
      name: "longitude",
      label: "Longitude",
      inputMode: "decimal",
      hint: "Such as -3.1586 (west is negative)",
    },
  ],
  empty: { name: "", latitude: "", longitude: "" },
  textOf: (t) => ({ name: t.name, latitude: String(t.latitude), longitude: String(t.longitude) }),
  bodyOf: (text) => {
    const latitude = coordinate(trimmed(text, "latitude"));
    const longitude = coordinate(trimmed(text, "longitude"));
    const errors: Record<string, string> = {};
    if (latitude === null) errors["latitude"] = "Enter the latitude as a number, such as 56.1165.";
    if (longitude === null) errors["longitude"] = "Enter the longitude as a number, such as -3.1586.";
    if (latitude === null || longitude === null) return { errors };
    return { body: { name: trimmed(text, "name"), latitude, longitude } };
  },
  title: (t) => t.name,
  detail: (t) => `${t.latitude.toFixed(4)}, ${t.longitude.toFixed(4)}`,
};

/**
 * Contracts of the website content endpoints (docs/decisions/050-site-content.md). The owner edits
 * drafts; "Publish" snapshots every draft into a published version and rebuilds the site from it.
 * Money is whole pence (`startingPricePence`); every text is plain text (HTML tags are refused),
 * except a FAQ's answer, which is a small Markdown subset rendered and sanitised on the server.
 *
 *   GET    /api/admin/site                 drafts, what changed since the last publish, who published
 *   POST   /api/admin/site/services        a new service (its slug is made from its name) → 201
 *   PATCH  /api/admin/site/services/:id    change, hide or move a service
 *   POST   /api/admin/site/faqs|team|towns, PATCH …/:id: the same for the others
 *   POST   /api/admin/site/publish         snapshot the drafts and start the rebuild → 202
 *   GET    /api/admin/site/publish         idle | publishing | live | failed
 *   POST   /api/admin/site/restore         the previous published version, published again → 202
 */
import { z } from "zod";
import * as routes from "../../../lib/contracts/admin-routes";
import { deployNotificationRoute } from "../../../lib/contracts/public-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { priceBases, siteIconKeys, siteLimits as L } from "./rules";
import { siteBusinessSchema } from "../../business/contract/endpoints";
import { galleryEndpoints, siteGalleryItemSchema } from "./gallery";
import { hidden, patchOf, position, text } from "./fields";

const id = z.number().int().positive();
const timestamp = z.string();

const startingPricePence = z
  .number({ error: "The starting price must be a whole number of pence." })
  .int("The starting price must be a whole number of pence.")
  .min(0, "The starting price cannot be negative.")
  .max(L.maxStartingPricePence, "The starting price must be at most £50,000.");

const step = z.object({
  title: text("A step's title", L.stepTitleMax),
  description: text("A step's description", L.stepTextMax),
});

const serviceFields = {
  name: text("The name", L.nameMax),
  summary: text("The summary", L.summaryMax),
  description: text("The description", L.descriptionMax),
  startingPricePence,
  priceBasis: z.enum(priceBases, { error: "Please choose what the price is per." }),
  icon: z.enum(siteIconKeys, { error: "Please choose one of the icons." }),
  process: z.array(step).max(L.maxSteps, `A service has at most ${L.maxSteps} steps.`),
  features: z
    .array(text("A feature", L.featureMax))
    .max(L.maxFeatures, `A service lists at most ${L.maxFeatures} features.`),
  hidden,
  position,
};

export const serviceInputSchema = z.object({
  ...serviceFields,
  icon: serviceFields.icon.default("wrench"),
  process: serviceFields.process.default([]),
  features: serviceFields.features.default([]),
  hidden: hidden.default(false),
  position: position.optional(),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;
export const servicePatchSchema = patchOf(serviceFields);

const faqFields = {
  question: text("The question", L.questionMax),
  /** Markdown: paragraphs, lists, links and bold; anything else shows as typed. */
  answer: text("The answer", L.answerMax, { html: true }),
  hidden,
  position,
};
export const faqInputSchema = z.object({
  ...faqFields,
  hidden: hidden.default(false),
  position: position.optional(),
});
export type FaqInput = z.input<typeof faqInputSchema>;
export const faqPatchSchema = patchOf(faqFields);

const teamFields = {
  name: text("The name", L.nameMax),
  role: text("The role", L.roleMax),
  bio: text("The bio", L.bioMax),
  hidden,
  position,
};
export const teamInputSchema = z.object({
  ...teamFields,
  hidden: hidden.default(false),
  position: position.optional(),
});
export type TeamInput = z.input<typeof teamInputSchema>;
export const teamPatchSchema = patchOf(teamFields);

const townFields = {
  name: text("The town", L.townMax),
  latitude: z
    .number({ error: "The latitude must be a number." })
    .min(-90, "The latitude must be between -90 and 90.")
    .max(90, "The latitude must be between -90 and 90."),
  longitude: z
    .number({ error: "The longitude must be a number." })
    .min(-180, "The longitude must be between -180 and 180.")
    .max(180, "The longitude must be between -180 and 180."),
  hidden,
  position,
};
export const townInputSchema = z.object({
  ...townFields,
  hidden: hidden.default(false),
  position: position.optional(),
});
export type TownInput = z.input<typeof townInputSchema>;
export const townPatchSchema = patchOf(townFields);

export const siteServiceSchema = z.object({
  id,
  /** The web address, /services/<slug>: made from the first name, never changed. */
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  description: z.string(),
  startingPricePence: z.number().int(),
  priceBasis: z.enum(priceBases),
  icon: z.enum(siteIconKeys),
  process: z.array(z.object({ title: z.string(), description: z.string() })),
  features: z.array(z.string()),
  hidden: z.boolean(),
  position: z.number().int(),
  updatedAt: timestamp,
});
export type SiteService = z.infer<typeof siteServiceSchema>;

export const siteFaqSchema = z.object({
  id,
  question: z.string(),
  answer: z.string(),
  /** The answer as sanitised HTML, as the page shows it. */
  answerHtml: z.string(),
  hidden: z.boolean(),
  position: z.number().int(),
  updatedAt: timestamp,
});
export type SiteFaq = z.infer<typeof siteFaqSchema>;

export const siteTeamMemberSchema = z.object({
  id,
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  /** A drawn portrait's key, or null (the page shows the initials). */
  image: z.string().nullable(),
  /** True for the invented sample people the site ships with, until the owner edits them. */
  sample: z.boolean(),
  hidden: z.boolean(),
  position: z.number().int(),
  updatedAt: timestamp,
});
export type SiteTeamMember = z.infer<typeof siteTeamMemberSchema>;

export const siteTownSchema = z.object({
  id,
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  hidden: z.boolean(),
  position: z.number().int(),
  updatedAt: timestamp,
});
export type SiteTown = z.infer<typeof siteTownSchema>;

export const publishStates = ["idle", "publishing", "live", "failed"] as const;
export type PublishState = (typeof publishStates)[number];

export const publishStatusSchema = z.object({
  state: z.enum(publishStates),
  /** When the site last went live with published content (ISO), or null. */
  liveAt: timestamp.nullable(),
  /** Why the last publish failed, in plain words, or null. */
  error: z.string().nullable(),
  /** When the publish under way (or the last one) started. */
  startedAt: timestamp.nullable(),
});
export type PublishStatus = z.infer<typeof publishStatusSchema>;

export const siteContentSchema = z.object({
  services: z.array(siteServiceSchema),
  faqs: z.array(siteFaqSchema),
  team: z.array(siteTeamMemberSchema),
  towns: z.array(siteTownSchema),
  /** The gallery of the owner's work (./gallery.ts), drafts in the owner's order. */
  gallery: z.array(siteGalleryItemSchema),
  /** How many items differ from the last published version. */
  draftChanges: z.number().int(),
  published: z.object({ at: timestamp, by: z.string() }).nullable(),
  /** True when there is an earlier published version to go back to. */
  canRestore: z.boolean(),
  status: publishStatusSchema,
  /** The business's public facts: saved (draft), as published, and which differ (docs/decisions/055). */
  business: siteBusinessSchema,
});
export type SiteContent = z.infer<typeof siteContentSchema>;

const publishAnswer = z.object({
  publish: z.object({ id, state: z.enum(publishStates) }),
});

/**
 * The fields of Netlify's deploy notification that matter here (the body carries many more): the
 * deploy's state ("ready" when it succeeded, "error" when it failed), its title (the build hook's
 * `trigger_title`, "Website content, version N") and why it failed.
 */
export const deployNotificationSchema = z.object({
  state: z.string().max(40),
  title: z.string().max(500).nullish(),
  error_message: z.string().max(5000).nullish(),
});

export const siteContentEndpoints = {
  getSite: defineEndpoint({ ...routes.getSiteRoute, status: 200, response: siteContentSchema }),
  addSiteService: defineEndpoint({
    ...routes.addSiteServiceRoute,
    status: 201,
    request: serviceInputSchema,
    response: z.object({ service: siteServiceSchema }),
  }),
  updateSiteService: defineEndpoint({
    ...routes.updateSiteServiceRoute,
    status: 200,
    request: servicePatchSchema,
    response: z.object({ service: siteServiceSchema }),
  }),
  addSiteFaq: defineEndpoint({
    ...routes.addSiteFaqRoute,
    status: 201,
    request: faqInputSchema,
    response: z.object({ faq: siteFaqSchema }),
  }),
  updateSiteFaq: defineEndpoint({
    ...routes.updateSiteFaqRoute,
    status: 200,
    request: faqPatchSchema,
    response: z.object({ faq: siteFaqSchema }),
  }),
  addSiteTeamMember: defineEndpoint({
    ...routes.addSiteTeamMemberRoute,
    status: 201,
    request: teamInputSchema,
    response: z.object({ member: siteTeamMemberSchema }),
  }),
  updateSiteTeamMember: defineEndpoint({
    ...routes.updateSiteTeamMemberRoute,
    status: 200,
    request: teamPatchSchema,
    response: z.object({ member: siteTeamMemberSchema }),
  }),
  addSiteTown: defineEndpoint({
    ...routes.addSiteTownRoute,
    status: 201,
    request: townInputSchema,
    response: z.object({ town: siteTownSchema }),
  }),
  updateSiteTown: defineEndpoint({
    ...routes.updateSiteTownRoute,
    status: 200,
    request: townPatchSchema,
    response: z.object({ town: siteTownSchema }),
  }),
  publishSite: defineEndpoint({ ...routes.publishSiteRoute, status: 202, response: publishAnswer }),
  publishStatus: defineEndpoint({ ...routes.publishStatusRoute, status: 200, response: publishStatusSchema }),
  restoreSite: defineEndpoint({ ...routes.restoreSiteRoute, status: 202, response: publishAnswer }),
  /** Signed by Netlify (JWS in X-Webhook-Signature); 401 for a missing or wrong signature. */
  deployNotification: defineEndpoint({
    ...deployNotificationRoute,
    status: 204,
    request: deployNotificationSchema,
  }),
  ...galleryEndpoints,
};

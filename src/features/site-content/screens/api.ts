/**
 * The admin app's calls to the website content endpoints, on the one API client
 * (src/lib/api/client.ts), with the same "a 401 ends the session" rule as the rest of the admin.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";
import type { FaqInput, ServiceInput, TeamInput, TownInput } from "../contract/endpoints";

export type {
  PublishStatus,
  SiteContent,
  SiteFaq,
  SiteService,
  SiteTeamMember,
  SiteTown,
} from "../contract/endpoints";

/** The four lists by the name the API uses. */
export type SiteList = "services" | "faqs" | "team" | "towns";

const add = {
  services: async (body: ServiceInput) => (await signedIn(callApi(r.addSiteServiceRoute, { body }))).service,
  faqs: async (body: FaqInput) => (await signedIn(callApi(r.addSiteFaqRoute, { body }))).faq,
  team: async (body: TeamInput) => (await signedIn(callApi(r.addSiteTeamMemberRoute, { body }))).member,
  towns: async (body: TownInput) => (await signedIn(callApi(r.addSiteTownRoute, { body }))).town,
};

const update = {
  services: async (id: number, body: Partial<ServiceInput>) =>
    (await signedIn(callApi(r.updateSiteServiceRoute, { id, body }))).service,
  faqs: async (id: number, body: Partial<FaqInput>) =>
    (await signedIn(callApi(r.updateSiteFaqRoute, { id, body }))).faq,
  team: async (id: number, body: Partial<TeamInput>) =>
    (await signedIn(callApi(r.updateSiteTeamMemberRoute, { id, body }))).member,
  towns: async (id: number, body: Partial<TownInput>) =>
    (await signedIn(callApi(r.updateSiteTownRoute, { id, body }))).town,
};

export const siteApi = {
  /** Every draft, what changed since the last publish, and the publish state. */
  get: () => signedIn(callApi(r.getSiteRoute)),
  add,
  update,
  publish: async () => (await signedIn(callApi(r.publishSiteRoute))).publish,
  status: () => signedIn(callApi(r.publishStatusRoute)),
  restore: async () => (await signedIn(callApi(r.restoreSiteRoute))).publish,
};

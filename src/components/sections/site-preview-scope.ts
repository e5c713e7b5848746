/**
 * The owner's drafts for one preview render (docs/decisions/057-draft-preview-and-local-rebuilds.md).
 * The preview's middleware (src/middleware.ts) renders a page inside `withPreviewDrafts(drafts, …)`;
 * `siteAtBuild()` and `businessAtBuild()` then answer with the drafts instead of the published
 * content and facts, for that request
 * only (an AsyncLocalStorage scope, so two previews at once never see each other's content, and a
 * normal page never sees drafts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { PublicSite } from "../../features/site-content/contract/public";
import type { PublicBusiness } from "../../features/business/contract/public-facts";

/** The drafts a preview renders: the website's content and the business's public facts. */
export interface PreviewDrafts {
  site: PublicSite;
  business: PublicBusiness;
}

const scope = new AsyncLocalStorage<PreviewDrafts>();

export function withPreviewDrafts<T>(drafts: PreviewDrafts, render: () => Promise<T>): Promise<T> {
  return scope.run(drafts, render);
}

/** The content drafts when the current render is a preview, else undefined. */
export function previewSite(): PublicSite | undefined {
  return scope.getStore()?.site;
}

/** The business's draft public facts when the current render is a preview, else undefined. */
export function previewBusiness(): PublicBusiness | undefined {
  return scope.getStore()?.business;
}

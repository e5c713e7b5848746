/**
 * The owner's drafts for one preview render (docs/decisions/057-draft-preview-and-local-rebuilds.md).
 * The preview's middleware (src/middleware.ts) renders a page inside `withPreviewSite(drafts, …)`;
 * `siteAtBuild()` then answers with the drafts instead of the published content, for that request
 * only (an AsyncLocalStorage scope, so two previews at once never see each other's content, and a
 * normal page never sees drafts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { PublicSite } from "../../features/site-content/contract/public";

const scope = new AsyncLocalStorage<PublicSite>();

export function withPreviewSite<T>(site: PublicSite, render: () => Promise<T>): Promise<T> {
  return scope.run(site, render);
}

/** The drafts when the current render is a preview, else undefined. */
export function previewSite(): PublicSite | undefined {
  return scope.getStore();
}

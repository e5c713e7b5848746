/**
 * The requests feature's admin screens that other features' screens show (docs/decisions/062-feature-public-faces.md).
 * A plain list of re-exports; the admin's routes load a screen file lazily instead, one chunk each.
 */
export { defaultFilters, filtersFromParams, type InboxFilters, requestApi, workflowApi } from "./api";
export { type RequestPanels, RequestPanelsProvider } from "./panels";

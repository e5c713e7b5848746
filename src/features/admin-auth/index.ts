/**
 * The admin-auth feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { deleteEndedSessions } from "./repository";
export { getSetting, upsertSetting } from "./repository-settings";
export {
  checkAdminPassword,
  createSession,
  endAllSessions,
  endSession,
  resolveSession,
  seedLocalAdminPassword,
  sessionPolicy,
  storeAdminPassword,
} from "./service";
export { changePassword, login, sessionInfo } from "./service-login";

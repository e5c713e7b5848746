/**
 * The push feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { pruneDone } from "./repository";
export {
  deliverPushScheduled,
  deliverPushSoon,
  notifyOwner,
  type OwnerEvent,
  pushSettings,
  removeDevice,
  renameDevice,
  saveKinds,
  sendTest,
  setQuietHours,
  subscribe,
  tellOwnerMailFailed,
  vapidKeys,
} from "./service";

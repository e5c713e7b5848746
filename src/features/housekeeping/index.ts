/**
 * The housekeeping feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { claim, finish } from "./repository-job-runs";
export { digestJob, runDailyDigest } from "./service-digest";
export { runHousekeeping } from "./service";
export { applyRetention, planRetention } from "./service-retention";
export { runScheduledJobs } from "./service-scheduled";

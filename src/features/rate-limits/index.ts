/**
 * The rate-limits feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { newChallenge, useSolution } from "./challenge";
export {
  challengeFromClientPosts,
  clientDailyRule,
  enforceRateLimit,
  giveBackRateLimit,
  hitRateLimit,
  limitKey,
  peekRateLimit,
  pruneRateLimits,
  publicFormRules,
  type RateLimitRule,
} from "./service";

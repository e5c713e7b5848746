/**
 * The schedule feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { schedule } from "./service";

/**
 * Zod compiles object parsers with `new Function` when the page allows it, and probes for that on
 * first use. The site's Content-Security-Policy has no 'unsafe-eval', so the probe is refused and
 * reported as a CSP violation (Lighthouse counts it against Best Practices). `jitless` skips both
 * the probe and the compiled path; the schemas parse exactly the same, a little slower, which is
 * nothing for one form. Import this module before any schema is used in the browser.
 *
 * The setting is zod's one global configuration, shared by `zod` and `zod/mini`; it is imported
 * from `zod/mini` so that a page whose forms use only the small build does not load the full one.
 */
import { config } from "zod/mini";

config({ jitless: true });

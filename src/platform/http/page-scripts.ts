/**
 * The inline scripts the code itself ships in the pages functions serve (the quote's running total
 * and the invoice's "Copy" buttons on the customer's page). Each is a constant in its module,
 * registered here as that module loads; a page's CSP allows by hash only these, and only those of
 * them the page contains (./response.ts `htmlPolicy`). A `<script>` that reached the markup any
 * other way (a text that escaped escaping) is never hashed, so the browser refuses to run it: the
 * CSP is a second line of defence, not a copy of the page (docs/decisions/043-security-by-default.md).
 */
const shipped = new Set<string>();

/** Registers a script the code ships; returns it unchanged, for `<script>${…}</script>`. */
export function shippedScript(source: string): string {
  shipped.add(source);
  return source;
}

/** Every shipped script. */
export function shippedScripts(): ReadonlySet<string> {
  return shipped;
}

const targets = new Set<string>();

/**
 * Registers another site's origin that one of the code's own forms sends the visitor to (the Pay
 * button's answer redirects to Stripe's hosted Checkout); returns it unchanged. A page's
 * `form-action` names such an origin only when it is registered here and the page's form names it.
 */
export function allowFormTarget(origin: string): string {
  targets.add(origin);
  return origin;
}

/** Every registered form target. */
export function formTargets(): ReadonlySet<string> {
  return targets;
}

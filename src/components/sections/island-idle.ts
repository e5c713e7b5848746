/**
 * The `client:idle` option of the forms' islands (booking, contact, review): hydrate when the
 * browser is first idle, and at the latest this long after the page loaded. A page that is never
 * idle (a phone busy with other work) would otherwise never start its form: a review invitation's
 * link, read only by the island, would show a closed section and no form.
 */
export const formIdle = { timeout: 2500 } as const;

/**
 * A request's short reference ("KB-000042"). The format lives in src/lib/request-reference.ts, below
 * every feature, because the e-mails (the mail feature, lower than requests) print it too.
 */
export { parseReference, type ReferencedType, requestReference } from "../../../lib/request-reference";

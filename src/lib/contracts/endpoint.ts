/**
 * An endpoint's contract: its method and path, what it accepts (a zod schema for the body or the
 * query string) and what it answers on success (a zod schema, or none for 204). The server's
 * reply is typed against it (src/server/http/); the browser's fetch client (src/lib/api/client.ts)
 * is typed by it and, in development and tests, checks every answer against it. A failure always
 * answers the envelope in ./envelope.ts.
 */
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  /** The path, with `:id` for an id segment, e.g. "/api/admin/testimonials/:id". */
  path: string;
  /** The body (JSON, or for public forms also a classic form post). */
  request?: z.ZodType;
  /** The query string, as an object of strings. */
  query?: z.ZodType;
  /** The success body; absent for 204 No Content. */
  response?: z.ZodType;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** What the client sends: the body schema's input type. */
export type RequestOf<E extends Endpoint> = E["request"] extends z.ZodType
  ? z.input<E["request"]>
  : undefined;
/** What the server answers with: the response schema's type (undefined for 204). */
export type ResponseOf<E extends Endpoint> = E["response"] extends z.ZodType
  ? z.output<E["response"]>
  : undefined;
/** The query string the client may send. */
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.input<E["query"]> : undefined;

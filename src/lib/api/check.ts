/**
 * Development and tests only (./http.ts loads it on demand): does an answer match its endpoint's
 * contract? Returns a description of the first mismatch, or null.
 */
import { endpoints } from "../contracts";
import type { Endpoint } from "../contracts/endpoint";
import type { Route } from "../contracts/routes";

export function contractProblem(route: Route, status: number, body: unknown): string | null {
  const endpoint: Endpoint | undefined = Object.values(endpoints).find(
    (e) => e.method === route.method && e.path === route.path,
  );
  const name = `${route.method} ${route.path}`;
  if (!endpoint) return `${name} has no contract.`;
  if (status !== endpoint.status) return `${name} answered ${status}; its contract says ${endpoint.status}.`;
  if (!endpoint.response) return null;
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.join(".") || "(body)";
  return `${name} answered a body that does not match its contract: ${where}: ${issue.message}`;
}

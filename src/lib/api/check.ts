/**
 * Development and tests only (src/lib/api/client.ts loads it on demand): does an answer match its
 * endpoint's contract? Returns a description of the first mismatch, or null.
 */
import { endpoints } from "../contracts";
import type { RouteName } from "../contracts/routes";

export function contractProblem(name: RouteName, status: number, body: unknown): string | null {
  const endpoint = endpoints[name];
  if (status !== endpoint.status) {
    return `${endpoint.method} ${endpoint.path} answered ${status}; its contract says ${endpoint.status}.`;
  }
  if (!("response" in endpoint)) return null;
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${endpoint.method} ${endpoint.path} answered a body that does not match its contract: ${issue.path.join(".") || "(body)"}: ${issue.message}`;
}

/**
 * Where a push notification may go, checked twice (docs/decisions/043-security-by-default.md):
 *
 * - when a device subscribes, `endpointRefusal` applies the URL rules (./rules.ts
 *   `endpointProblem`: https, port 443, a public name, no user-info) and resolves the name: every
 *   address must be public unicast (./rules.ts `isPublicAddress`), so a name with one private
 *   address among public ones is refused too;
 * - when a notification is sent, `postToPushService` applies the URL rules again and connects
 *   through an undici Agent whose `connect.lookup` resolves the name itself and refuses it unless
 *   every address is public. The connection goes to the address that lookup checked, so a name
 *   that answers a public address at subscribe and a private one later (DNS rebinding) gets
 *   nowhere. Redirects are never followed: a 3xx is a failed attempt like any other answer.
 *
 * LOCAL_PUSH_ORIGIN (src/platform/env.ts `localPushOrigin`): the tests' local push service on
 * loopback, the one endpoint taken without these checks, and never on a deployed site.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, request, type Dispatcher } from "undici";
import { localPushOrigin } from "../../platform/env";
import { endpointProblem, isPublicAddress } from "./rules";

/** Every address a name resolves to (IPv4 and IPv6). */
export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

let resolver: Resolver = systemResolver;
let guarded: Agent | undefined;

/**
 * Tests answer names from a table of their own (no network); undefined: the system's resolver
 * again. The delivery Agent is made afresh, so it uses the new one.
 */
export function setPushResolver(next: Resolver | undefined): void {
  resolver = next ?? systemResolver;
  void guarded?.close();
  guarded = undefined;
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`The push endpoint's host ${host} resolves to an address that is not public.`);
    this.name = "PrivateAddressError";
  }
}

/** The name's addresses, all public; throws PrivateAddressError (or the resolver's error). */
async function publicAddresses(host: string): Promise<string[]> {
  const addresses = await resolver(host);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new PrivateAddressError(host);
  return addresses;
}

/** Why a subscription's endpoint is refused, or null: the URL rules, then every address of its name. */
export async function endpointRefusal(endpoint: string): Promise<string | null> {
  const localOrigin = localPushOrigin();
  const problem = endpointProblem(endpoint, { localOrigin });
  if (problem) return problem;
  const url = new URL(endpoint);
  if (localOrigin && url.origin === localOrigin) return null;
  try {
    await publicAddresses(url.hostname);
    return null;
  } catch (error) {
    if (error instanceof PrivateAddressError) return error.message;
    return `The push endpoint's host ${url.hostname} could not be found.`;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** `connect.lookup` for net/tls: the checked addresses, in the shape the caller asked for. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  publicAddresses(hostname).then(
    (addresses) => {
      const all = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      const wanted = options.family ? all.filter((a) => a.family === options.family) : all;
      if (wanted.length === 0) {
        callback(
          Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), { code: "ENOTFOUND" }),
          [],
        );
        return;
      }
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    },
    (error: unknown) => callback(error as NodeJS.ErrnoException, []),
  );
}

function guardedAgent(): Agent {
  guarded ??= new Agent({ connect: { lookup: guardedLookup as never, timeout: 5000 } });
  return guarded;
}

let local: Agent | undefined;
const localAgent = () => (local ??= new Agent());

/**
 * Posts one push message and answers the push service's status. Throws when the endpoint breaks
 * a rule, its name resolves to any address that is not public, or the connection fails.
 */
export async function postToPushService(
  url: string,
  init: { headers: Record<string, string>; body: Uint8Array | null },
  timeoutMs: number,
): Promise<number> {
  const localOrigin = localPushOrigin();
  const problem = endpointProblem(url, { localOrigin });
  if (problem) throw new Error(problem);
  const isLocal = localOrigin !== undefined && new URL(url).origin === localOrigin;
  const dispatcher: Dispatcher = isLocal ? localAgent() : guardedAgent();
  const response = await request(url, {
    method: "POST",
    headers: init.headers,
    body: init.body,
    dispatcher,
    // undici's request follows no redirect (only its redirect interceptor would).
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body.dump();
  return response.statusCode;
}

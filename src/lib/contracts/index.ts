/**
 * Every endpoint's contract, by the name its route has in ./routes.ts: `endpoints.contact`,
 * `endpoints.listSubmissions`, … The server's actions bind to these; the browser's client
 * (src/lib/api/client.ts) is typed by them and checks answers against them in development.
 */
import { adminEndpoints } from "./admin";
import type { Endpoint } from "./endpoint";
import { publicEndpoints } from "./public";
import type { RouteName } from "./routes";

export const endpoints = { ...publicEndpoints, ...adminEndpoints } satisfies Record<RouteName, Endpoint>;
export type Endpoints = typeof endpoints;

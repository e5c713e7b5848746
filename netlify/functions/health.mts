import type { Config } from "@netlify/functions";

export default async (): Promise<Response> => Response.json({ ok: true });

export const config: Config = { path: "/api/health", method: ["GET"] };

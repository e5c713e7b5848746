/**
 * Scheduled clean-up of photos (docs/decisions/017-photos.md): every hour, delete uploads that no
 * form claimed within `retention.unclaimedUploadHours` (src/config/site.ts), with their blobs, and
 * any blob no photo row refers to.
 */
import type { Config } from "@netlify/functions";
import { logEvent } from "../../src/platform/log";
import { cleanupPhotos } from "../../src/features/photos";

export default async (): Promise<Response> => {
  const report = await cleanupPhotos();
  logEvent({ event: "photos.cleanup", ...report });
  return Response.json(report);
};

export const config: Config = { schedule: "@hourly" };

/**
 * A real local Netlify Blobs server for a test file (the same `BlobsServer` netlify dev runs), in a
 * temporary folder, installed as the photo store:
 *
 *   const blobs = useTestBlobs();   // beforeAll/afterAll; blobs.keys() lists what is stored
 */
import { getStore, type Store } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { photoStoreName, setPhotoStore } from "../../src/platform/blobs";

export interface TestBlobs {
  store: Store;
  keys(): Promise<string[]>;
}

export async function startTestBlobs(): Promise<TestBlobs & { stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "kh-blobs-"));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const store = getStore({
    name: photoStoreName,
    edgeURL: url,
    uncachedEdgeURL: url,
    siteID: "test-site",
    token,
    consistency: "strong",
  });
  setPhotoStore(store);
  return {
    store,
    keys: async () => (await store.list()).blobs.map((b) => b.key).sort(),
    stop: async () => {
      setPhotoStore(undefined);
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export function useTestBlobs(): TestBlobs {
  const handle = {} as TestBlobs & { stop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(handle, await startTestBlobs());
  });
  afterAll(async () => {
    await handle.stop?.();
  });
  return handle;
}

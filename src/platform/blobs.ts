/**
 * Where photo bytes live: a site-wide Netlify Blobs store named "photos" (docs/decisions/017-photos.md).
 *
 * On Netlify, and under `netlify dev` / `netlify serve` (which run a local Blobs server in
 * `.netlify/blobs-serve` and hand its address to the functions), `getStore` finds its connection in
 * the environment. Tests and the benchmark start `BlobsServer` from `@netlify/blobs/server` in a
 * temporary folder and install a store on it with `setPhotoStore`.
 *
 * Keys: `full/<photo id>` and `thumb/<photo id>`. Nothing here is ever public: the admin function
 * reads a blob and serves it to a signed-in owner.
 */
import { getStore, type Store } from "@netlify/blobs";

export const photoStoreName = "photos";

let override: Store | undefined;

export function photoStore(): Store {
  return override ?? getStore({ name: photoStoreName, consistency: "strong" });
}

/** Use this store from now on (tests, benchmark); undefined goes back to the environment's. */
export function setPhotoStore(store: Store | undefined): void {
  override = store;
}

export const blobKeys = (id: string) => ({ full: `full/${id}`, thumb: `thumb/${id}` });

/** Deletes blobs; a missing one is fine. Returns how many keys were attempted. */
export async function deleteBlobs(keys: readonly string[]): Promise<number> {
  const store = photoStore();
  await Promise.all(keys.map((key) => store.delete(key)));
  return keys.length;
}

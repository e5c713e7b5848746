/**
 * The photo uploader, loaded only when a visitor picks a photo (./PhotoField.tsx). Each photo is
 * shrunk in the browser (./resize.ts), uploaded on its own (./upload.ts) with a progress bar, shown
 * as a thumbnail with a remove button, and when it fails says so with a retry button for that photo
 * alone. Nothing here touches the other fields of the form.
 */
import { RotateCcw, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { photoLimits, photoMessages } from "../../features/photos/contract/rules";
import type { PhotoControllerRef } from "./controller";
import { shrinkPhoto } from "./resize";
import { uploadPhoto } from "./upload";

type Status = "preparing" | "uploading" | "done" | "failed";

interface Item {
  readonly key: number;
  readonly file: File;
  status: Status;
  progress: number;
  id?: string | undefined;
  error?: string | undefined;
  preview?: string | undefined;
  blob?: Blob | undefined;
  abort?: (() => void) | undefined;
}

interface Props {
  readonly batches: readonly (readonly File[])[];
  readonly controllerRef: PhotoControllerRef;
  readonly onCleared: () => void;
}

let nextKey = 1;

export default function PhotoAttachments({ batches, controllerRef, onCleared }: Props) {
  const [items, setItems] = useState<Item[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const itemsRef = useRef<Item[]>([]);
  const seenBatches = useRef(0);

  const update = useCallback((key: number, change: Partial<Item>) => {
    itemsRef.current = itemsRef.current.map((item) => (item.key === key ? { ...item, ...change } : item));
    setItems(itemsRef.current);
  }, []);

  const run = useCallback(
    async (key: number) => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (!item) return;
      let blob = item.blob;
      if (!blob) {
        update(key, { status: "preparing", progress: 0, error: undefined });
        try {
          const shrunk = await shrinkPhoto(item.file, photoLimits.maxSide);
          blob = shrunk.blob;
        } catch {
          // The browser cannot decode it (e.g. HEIC outside Safari): let the server judge the
          // original if it fits, so the visitor gets its precise message.
          if (item.file.size > photoLimits.uploadBytes || item.file.size === 0) {
            update(key, { status: "failed", error: photoMessages.notImage });
            return;
          }
          blob = item.file;
        }
        if (!itemsRef.current.some((i) => i.key === key)) return; // removed meanwhile
        update(key, { blob, preview: URL.createObjectURL(blob) });
      }
      const upload = uploadPhoto(blob, (fraction) => update(key, { progress: fraction }));
      update(key, { status: "uploading", progress: 0, error: undefined, abort: upload.abort });
      const outcome = await upload.done;
      if (!itemsRef.current.some((i) => i.key === key)) return;
      if (outcome.ok) update(key, { status: "done", progress: 1, id: outcome.id, abort: undefined });
      else update(key, { status: "failed", error: outcome.message, abort: undefined });
    },
    [update],
  );

  // New batches of picked files: add up to the limit, then start each one.
  useEffect(() => {
    const fresh = batches.slice(seenBatches.current).flat();
    seenBatches.current = batches.length;
    if (fresh.length === 0) return;
    const room = photoLimits.perRequest - itemsRef.current.length;
    const taken = fresh.slice(0, Math.max(0, room));
    setNotice(fresh.length > taken.length ? `${photoMessages.tooMany} Remove one to add another.` : null);
    const added = taken.map((file) => ({ key: nextKey++, file, status: "preparing" as Status, progress: 0 }));
    itemsRef.current = [...itemsRef.current, ...added];
    setItems(itemsRef.current);
    for (const item of added) void run(item.key);
  }, [batches, run]);

  const remove = useCallback((key: number) => {
    const item = itemsRef.current.find((i) => i.key === key);
    item?.abort?.();
    if (item?.preview) URL.revokeObjectURL(item.preview);
    itemsRef.current = itemsRef.current.filter((i) => i.key !== key);
    setItems(itemsRef.current);
    setNotice(null);
  }, []);

  useEffect(() => {
    controllerRef.current = {
      ids: () => itemsRef.current.flatMap((i) => (i.status === "done" && i.id ? [i.id] : [])),
      blocker: () => {
        const list = itemsRef.current;
        if (list.some((i) => i.status === "preparing" || i.status === "uploading")) {
          return "Please wait until your photos have finished uploading, then send again.";
        }
        if (list.some((i) => i.status === "failed")) {
          return "A photo did not upload. Retry it or remove it, then send again.";
        }
        return null;
      },
      clear: () => {
        for (const item of itemsRef.current) {
          item.abort?.();
          if (item.preview) URL.revokeObjectURL(item.preview);
        }
        itemsRef.current = [];
        setItems([]);
        setNotice(null);
        onCleared();
      },
    };
    return () => {
      controllerRef.current = null;
    };
  }, [controllerRef, onCleared]);

  return (
    <div className="mt-3">
      {notice ? (
        <p role="status" className="mb-2 text-sm font-medium text-danger-600">
          {notice}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Attached photos">
        {items.map((item, index) => (
          <li
            key={item.key}
            data-photo-status={item.status}
            className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
          >
            {item.preview ? (
              <img
                src={item.preview}
                alt={`Attached: ${item.file.name}`}
                className="aspect-[4/3] w-full object-cover"
              />
            ) : (
              <div className="flex aspect-[4/3] items-center justify-center text-xs text-slate-500">
                Preparing…
              </div>
            )}
            <button
              type="button"
              onClick={() => remove(item.key)}
              aria-label={`Remove photo ${index + 1} (${item.file.name})`}
              className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
            <div className="p-2 text-xs" aria-live="polite">
              {item.status === "uploading" || item.status === "preparing" ? (
                <>
                  <progress
                    className="h-2 w-full accent-brand-600"
                    max={1}
                    value={item.status === "uploading" ? item.progress : undefined}
                    aria-label={`Upload of photo ${index + 1}`}
                  />
                  <span className="sr-only">{item.status === "uploading" ? "Uploading" : "Preparing"}</span>
                </>
              ) : null}
              {item.status === "done" ? <span className="font-medium text-success-700">Uploaded</span> : null}
              {item.status === "failed" ? (
                <div className="grid gap-1">
                  <span className="font-medium text-danger-600">Not uploaded: {item.error}</span>
                  <button
                    type="button"
                    onClick={() => void run(item.key)}
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
                  >
                    <RotateCcw aria-hidden="true" className="size-3.5" /> Retry this photo
                  </button>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

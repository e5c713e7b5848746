/**
 * The photo picker on the contact and booking forms (docs/decisions/017-photos.md). Server-rendered
 * as a plain `<input type="file" name="photos" multiple>` that a no-JavaScript multipart post sends
 * with the form. Once hydrated, picking photos loads the uploader (./PhotoAttachments.tsx) on
 * demand, so visitors who attach nothing never download it.
 */
import { ImagePlus } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { photoLimits } from "../../features/photos/contract/rules";
import { hintId } from "../forms/fields";
import type { PhotoControllerRef } from "./controller";

const PhotoAttachments = lazy(() => import("./PhotoAttachments"));

interface Props {
  readonly id: string;
  readonly controller: PhotoControllerRef;
}

export function PhotoField({ id, controller }: Props) {
  const [batches, setBatches] = useState<File[][]>([]);
  const clearBatches = useCallback(() => setBatches([]), []);
  const hint = `Optional: up to ${photoLimits.perRequest} photos of the job (JPEG, PNG or WebP). Only we see them.`;
  return (
    <div>
      <span className="block text-sm font-semibold text-slate-800">Photos</span>
      <label
        htmlFor={id}
        className="mt-1.5 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm font-semibold text-brand-700 shadow-sm hover:border-slate-400 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500"
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        <span>Add photos</span>
        <input
          id={id}
          type="file"
          name="photos"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          multiple
          aria-describedby={hintId(id)}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // The files move into the uploader; the input is emptied so the same photo can be picked again.
            event.currentTarget.value = "";
            if (files.length > 0) setBatches((previous) => [...previous, files]);
          }}
        />
      </label>
      <p id={hintId(id)} className="mt-1.5 text-sm text-slate-600">
        {hint}
      </p>
      {batches.length > 0 ? (
        <Suspense fallback={<p className="mt-2 text-sm text-slate-600">Preparing your photos…</p>}>
          <PhotoAttachments batches={batches} controllerRef={controller} onCleared={clearBatches} />
        </Suspense>
      ) : null}
    </div>
  );
}

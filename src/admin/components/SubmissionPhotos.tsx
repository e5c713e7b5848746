/**
 * The photos attached to a request, in its detail dialog: thumbnails, a full-size view with
 * previous/next (buttons and arrow keys) and a download link. The images come from the admin photo
 * function behind the session (docs/decisions/017-photos.md); nothing is cached by the browser.
 */
import { ChevronLeft, ChevronRight, Download, Grid2x2 } from "lucide-react";
import { useEffect, useState } from "react";
import { adminApi, type AdminPhoto } from "../api";
import { Button, buttonClass, Spinner } from "./ui";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; photos: AdminPhoto[] };

const photoUrl = (id: string, variant?: "thumb") =>
  `/api/admin/photos/${encodeURIComponent(id)}${variant ? `/${variant}` : ""}`;

export function SubmissionPhotos({ submissionId }: { submissionId: number }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [current, setCurrent] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    adminApi.photos(submissionId).then(
      (photos) => live && setLoad({ state: "ready", photos }),
      () => {
        if (live) setLoad({ state: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [submissionId]);

  const photos = load.state === "ready" ? load.photos : [];
  const count = photos.length;
  const step = (delta: number) => setCurrent((i) => (i === null ? i : (i + delta + count) % count));

  // Arrow keys page through the full-size view while it is open.
  useEffect(() => {
    if (current === null || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowLeft") setCurrent((i) => (i === null ? i : (i - 1 + count) % count));
      if (e.key === "ArrowRight") setCurrent((i) => (i === null ? i : (i + 1) % count));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, count]);

  if (load.state === "loading") {
    return (
      <p className="mt-5 flex items-center gap-2 text-sm text-slate-600">
        <Spinner label="Loading photos" /> Loading photos…
      </p>
    );
  }
  if (load.state === "failed") {
    return (
      <p className="mt-5 text-sm text-danger-600">
        The photos could not be loaded. Close and open the request to try again.
      </p>
    );
  }
  if (count === 0) return null;

  const shown = current === null ? null : photos[current];
  return (
    <section className="mt-5" aria-label="Photos">
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Photos ({count})</h3>
      {shown ? (
        <div
          className="mt-2"
          role="group"
          aria-roledescription="photo viewer"
          aria-label={`Photo ${current! + 1} of ${count}`}
        >
          <img
            src={photoUrl(shown.id)}
            alt={`Attachment ${current! + 1} of ${count} sent with this request`}
            width={shown.width}
            height={shown.height}
            className="max-h-[60vh] w-full rounded-lg bg-slate-900 object-contain"
          />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => step(-1)} disabled={count < 2}>
              <ChevronLeft aria-hidden="true" className="size-4" /> Previous
            </Button>
            <span className="text-sm text-slate-600" aria-live="polite">
              {current! + 1} of {count} · {shown.width}×{shown.height}
            </span>
            <Button variant="secondary" onClick={() => step(1)} disabled={count < 2}>
              Next <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
            <a className={buttonClass("secondary")} href={`${photoUrl(shown.id)}?download=1`} download>
              <Download aria-hidden="true" className="size-4" /> Download
            </a>
            <Button variant="ghost" onClick={() => setCurrent(null)}>
              <Grid2x2 aria-hidden="true" className="size-4" /> All photos
            </Button>
          </div>
        </div>
      ) : (
        <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                className="block w-full overflow-hidden rounded-lg border border-slate-200 hover:border-brand-500"
                aria-label={`Open photo ${i + 1} of ${count}`}
              >
                <img
                  src={photoUrl(p.id, "thumb")}
                  alt=""
                  className="aspect-square w-full object-cover"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The photos attached to a request, in its detail dialog: thumbnails, and a full-screen viewer
 * with previous/next (buttons, arrow keys, a swipe on a touch screen) and a download link. The
 * viewer is a dialog of its own inside the request's, so Escape closes the viewer only, focus stays
 * in it, and the page under it cannot scroll while it is open. The images come from the admin
 * photo function behind the session (docs/decisions/017-photos.md); nothing is cached by the browser.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { queries } from "../../../admin/query";
import { Spinner } from "../../../admin/components/ui";
import { LoadError } from "../../../admin/components/LoadError";

const photoUrl = (id: string, variant?: "thumb") =>
  `/api/admin/photos/${encodeURIComponent(id)}${variant ? `/${variant}` : ""}`;

/** How far (px) a finger must travel sideways for a swipe to change the photo. */
const swipeDistance = 40;

const viewerButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/20 disabled:opacity-40";

export function RequestPhotos({ requestId }: { requestId: number }) {
  const query = useQuery(queries.photos(requestId));
  const [current, setCurrent] = useState<number | null>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const photos = query.data ?? [];
  const count = photos.length;
  const step = (delta: number) => setCurrent((i) => (i === null ? i : (i + delta + count) % count));

  // Arrow keys page through the viewer while it is open.
  useEffect(() => {
    if (current === null || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowLeft") setCurrent((i) => (i === null ? i : (i - 1 + count) % count));
      if (e.key === "ArrowRight") setCurrent((i) => (i === null ? i : (i + 1) % count));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, count]);

  if (query.isPending) {
    return <Spinner label="Loading photos…" className="mt-5 justify-start py-0 text-sm" />;
  }
  if (query.isError) {
    return (
      <LoadError
        compact
        className="mt-5"
        what="The photos"
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  }
  if (count === 0) return null;

  const shown = current === null ? null : photos[current];

  const onPointerDown = (e: PointerEvent) => {
    swipeStart.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(e.clientY - start.y)) step(dx < 0 ? 1 : -1);
  };

  return (
    <section className="mt-5" aria-label="Photos">
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Photos ({count})</h3>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setCurrent(i)}
              className="relative block w-full overflow-hidden rounded-lg border border-slate-200 hover:border-brand-500"
              aria-label={`Open photo ${i + 1} of ${count}${p.stage === "after" ? ", after the work" : ""}`}
            >
              <img
                src={photoUrl(p.id, "thumb")}
                alt=""
                className="aspect-square w-full object-cover"
                loading="lazy"
              />
              {p.stage === "after" && (
                <span className="absolute bottom-1 left-1 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-semibold text-white">
                  After
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>

      <Dialog.Root
        open={shown !== null && shown !== undefined}
        onOpenChange={(open) => {
          if (!open) setCurrent(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/95" />
          <Dialog.Content
            aria-roledescription="photo viewer"
            aria-describedby={undefined}
            className="fixed inset-0 z-[60] flex touch-none flex-col overscroll-contain p-2 text-white sm:p-4"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            {shown && current !== null ? (
              <>
                <div className="flex items-center justify-between gap-2">
                  {/* A div: the title is a heading, which a paragraph may not hold. */}
                  <div className="text-sm">
                    <Dialog.Title className="inline font-semibold" aria-live="polite">
                      Photo {current + 1} of {count}
                    </Dialog.Title>
                    <span className="ml-2 text-slate-300">
                      {shown.width}×{shown.height}
                    </span>
                  </div>
                  <Dialog.Close className={viewerButton} aria-label="Close the photo">
                    <X aria-hidden="true" className="size-5" />
                  </Dialog.Close>
                </div>
                <div className="flex min-h-0 flex-1 items-center justify-center py-2">
                  <img
                    src={photoUrl(shown.id)}
                    alt={`Attachment ${current + 1} of ${count} sent with this request`}
                    width={shown.width}
                    height={shown.height}
                    draggable={false}
                    className="max-h-full max-w-full object-contain select-none"
                  />
                </div>
                <div className="flex flex-wrap items-center justify-center gap-2">
                  <button
                    type="button"
                    className={viewerButton}
                    onClick={() => step(-1)}
                    disabled={count < 2}
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" /> Previous
                  </button>
                  <button type="button" className={viewerButton} onClick={() => step(1)} disabled={count < 2}>
                    Next <ChevronRight aria-hidden="true" className="size-4" />
                  </button>
                  <a className={viewerButton} href={`${photoUrl(shown.id)}?download=1`} download>
                    <Download aria-hidden="true" className="size-4" /> Download
                  </a>
                </div>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

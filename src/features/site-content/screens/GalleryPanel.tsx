/**
 * The Gallery tab of the Website screen (docs/decisions/058-gallery.md): the gallery's drafts with
 * their pictures, removing one, and adding a pair or a photo (./GalleryForm.tsx) from this device
 * or from a finished job with the customer's consent (./GalleryJobs.tsx). Published with the rest.
 */
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../admin/components/ui";
import type { GalleryImageRole, GalleryKind, SiteContent } from "../contract";
import { failureText } from "./ContentList";
import { GalleryForm, type Slot } from "./GalleryForm";
import { GalleryJobs } from "./GalleryJobs";
import { galleryApi, galleryImageUrl } from "./gallery-api";

export function GalleryPanel({ site, onChanged }: { site: SiteContent; onChanged: () => void }) {
  const [kind, setKind] = useState<GalleryKind>("pair");
  const [slots, setSlots] = useState<Partial<Record<GalleryImageRole, Slot>>>({});
  const services = site.services.filter((s) => !s.hidden).map((s) => ({ slug: s.slug, name: s.name }));
  const names = new Map(site.services.map((s) => [s.slug, s.name]));
  const setSlot = (role: GalleryImageRole, slot: Slot | undefined) =>
    setSlots(({ [role]: _, ...rest }) => (slot ? { ...rest, [role]: slot } : rest));

  const remove = async (id: number) => {
    try {
      await galleryApi.remove(id);
      onChanged();
    } catch (err) {
      const message = failureText(err, "Removing it");
      if (message) toast.error(message);
    }
  };

  return (
    <div className="grid gap-6">
      {site.gallery.length === 0 ? (
        <p className="text-slate-600">
          Nothing in the gallery yet. Add a before/after pair or a photo below.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {site.gallery.map((item) => (
            <li key={item.id} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex shrink-0 gap-1">
                {item.images.map((image) => (
                  <img
                    key={image.id}
                    src={galleryImageUrl(image.id)}
                    alt={image.role === "photo" ? "" : image.role === "before" ? "Before" : "After"}
                    className="size-16 rounded object-cover"
                  />
                ))}
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{item.caption}</p>
                <p className="text-sm text-slate-600">
                  {item.town} · {names.get(item.service) ?? item.service}
                </p>
                <Button
                  variant="ghost"
                  className="mt-1 min-h-9 px-2 text-danger-600"
                  aria-label={`Remove ${item.caption}`}
                  onClick={() => void remove(item.id)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section
        aria-labelledby="gallery-add"
        className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="gallery-add" className="text-lg font-semibold text-brand-900">
          Add to the gallery
        </h2>
        <GalleryForm
          services={services}
          towns={site.towns.filter((t) => !t.hidden).map((t) => t.name)}
          kind={kind}
          onKind={(k) => {
            setKind(k);
            setSlots({});
          }}
          slots={slots}
          onSlot={setSlot}
          onAdded={onChanged}
        />
        <h3 className="text-base font-semibold text-brand-900">Photos from finished jobs</h3>
        <GalleryJobs
          roles={kind === "pair" ? ["before", "after"] : ["photo"]}
          onUse={(role, photoId, job) =>
            setSlot(role, {
              photoId,
              preview: `/api/admin/photos/${encodeURIComponent(photoId)}/thumb`,
              label: `From ${job.name}'s job`,
            })
          }
        />
      </section>
    </div>
  );
}

/**
 * The Gallery tab of the Website screen (docs/decisions/058-gallery.md): the gallery's drafts with
 * their pictures, each edited (caption, town, service), moved up or down, hidden or removed like the
 * other lists (./ContentList.tsx), and adding a pair or a photo (./GalleryForm.tsx) from this device
 * or from a finished job with the customer's consent (./GalleryJobs.tsx). Published with the rest.
 */
import { useState } from "react";
import type { GalleryImageRole, GalleryKind, GalleryPatch, SiteContent, SiteGalleryItem } from "../contract";
import { siteApi } from "./api";
import { ContentList, type ListSpec, type Texts } from "./ContentList";
import { GalleryForm, type Slot } from "./GalleryForm";
import { GalleryJobs } from "./GalleryJobs";
import { galleryApi, galleryImageUrl } from "./gallery-api";

const trimmed = (text: Texts, name: string) => (text[name] ?? "").trim();

/** How a gallery item is edited: its caption, town and service (the photos stay as they are). */
function gallerySpec(
  services: readonly { slug: string; name: string }[],
  names: ReadonlyMap<string, string>,
): ListSpec<SiteGalleryItem, GalleryPatch> {
  return {
    noun: "gallery item",
    fields: [
      { name: "caption", label: "Caption" },
      { name: "town", label: "Town" },
      {
        name: "service",
        label: "Service",
        kind: "select",
        options: services.map((s) => ({ value: s.slug, label: s.name })),
      },
    ],
    empty: { caption: "", town: "", service: "" },
    textOf: (item) => ({ caption: item.caption, town: item.town, service: item.service }),
    bodyOf: (text) => {
      const errors: Record<string, string> = {};
      if (!trimmed(text, "caption")) errors["caption"] = "Please fill in the caption.";
      if (!trimmed(text, "town")) errors["town"] = "Please fill in the town.";
      if (Object.keys(errors).length > 0) return { errors };
      return {
        body: {
          caption: trimmed(text, "caption"),
          town: trimmed(text, "town"),
          service: trimmed(text, "service"),
        },
      };
    },
    title: (item) => item.caption,
    detail: (item) => `${item.town} · ${names.get(item.service) ?? item.service}`,
    media: (item) =>
      item.images.map((image) => (
        <img
          key={image.id}
          src={galleryImageUrl(image.id)}
          alt={image.role === "photo" ? "" : image.role === "before" ? "Before" : "After"}
          className="size-14 rounded object-cover sm:size-16"
        />
      )),
  };
}

export function GalleryPanel({ site, onChanged }: { site: SiteContent; onChanged: () => Promise<void> }) {
  const [kind, setKind] = useState<GalleryKind>("pair");
  const [slots, setSlots] = useState<Partial<Record<GalleryImageRole, Slot>>>({});
  const services = site.services.filter((s) => !s.hidden).map((s) => ({ slug: s.slug, name: s.name }));
  const names = new Map(site.services.map((s) => [s.slug, s.name]));
  const setSlot = (role: GalleryImageRole, slot: Slot | undefined) =>
    setSlots(({ [role]: _, ...rest }) => (slot ? { ...rest, [role]: slot } : rest));

  const spec = gallerySpec(services, names);

  return (
    <div className="grid gap-6">
      {site.gallery.length === 0 ? (
        <p className="text-slate-600">
          Nothing in the gallery yet. Add a before/after pair or a photo below.
        </p>
      ) : (
        <ContentList
          spec={spec}
          items={site.gallery}
          onUpdate={(id, body) => galleryApi.update(id, body)}
          onRemove={(item) => galleryApi.remove(item.id)}
          onPublish={siteApi.publish}
          onChanged={onChanged}
        />
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
          onAdded={() => void onChanged()}
        />
        <h3 className="text-base font-semibold text-brand-900">Photos from finished jobs</h3>
        <GalleryJobs
          roles={kind === "pair" ? ["before", "after"] : ["photo"]}
          onChanged={() => void onChanged()}
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

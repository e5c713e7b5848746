/**
 * Adding to the gallery: a before/after pair or one photo, each uploaded from this device or chosen
 * from a finished job's photos (./GalleryJobs.tsx), with a caption, the town and the service. The
 * server's messages show beside their fields; nothing typed is lost on a refusal.
 */
import { useId, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { Button, fieldClass } from "../../../admin/components/ui";
import type { GalleryImageRole, GalleryKind } from "../contract";
import { failureText } from "./ContentList";
import { galleryApi, preparePhoto } from "./gallery-api";

/** A picture chosen for a slot: a file from this device, or a job's photo by id. */
export type Slot =
  { blob: Blob; preview: string; label: string } | { photoId: string; preview: string; label: string };

interface Props {
  services: { slug: string; name: string }[];
  towns: string[];
  kind: GalleryKind;
  onKind: (kind: GalleryKind) => void;
  slots: Partial<Record<GalleryImageRole, Slot>>;
  onSlot: (role: GalleryImageRole, slot: Slot | undefined) => void;
  onAdded: () => void;
}

const roleLabel: Record<GalleryImageRole, string> = {
  before: "Before photo",
  after: "After photo",
  photo: "Photo",
};

export function GalleryForm({ services, towns, kind, onKind, slots, onSlot, onAdded }: Props) {
  const id = useId();
  const [text, setText] = useState({ caption: "", town: "", service: services[0]?.slug ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const roles: GalleryImageRole[] = kind === "pair" ? ["before", "after"] : ["photo"];

  const pick = async (role: GalleryImageRole, file: File | undefined) => {
    if (!file) return onSlot(role, undefined);
    const prepared = await preparePhoto(file);
    if ("error" in prepared) {
      onSlot(role, undefined);
      return setErrors((e) => ({ ...e, [role]: prepared.error }));
    }
    setErrors(({ [role]: _, ...rest }) => rest);
    onSlot(role, { blob: prepared.blob, preview: URL.createObjectURL(prepared.blob), label: file.name });
  };

  const submit = async () => {
    const form = new FormData();
    for (const role of roles) {
      const slot = slots[role];
      if (!slot) return setErrors({ [role]: `Please choose the ${roleLabel[role].toLowerCase()}.` });
      if ("photoId" in slot) form.set(role, slot.photoId);
      else form.set(role, slot.blob, `${role}.jpg`);
    }
    for (const [name, value] of Object.entries(text)) form.set(name, value);
    setBusy(true);
    try {
      await galleryApi.add(form);
      setErrors({});
      setText((t) => ({ ...t, caption: "" }));
      for (const role of roles) onSlot(role, undefined);
      toast.success("Added to the gallery. Publish to show it on the website.");
      onAdded();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else if (err instanceof ApiError && err.status < 500 && err.status !== 401)
        setErrors({ _form: err.message });
      else {
        const message = failureText(err, "Adding the photos");
        if (message) toast.error(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const note = (name: string, hint?: string) =>
    errors[name] || hint ? (
      <span
        id={`${id}-${name}-note`}
        className={`mt-1 block text-sm ${errors[name] ? "text-danger-600" : "text-slate-600"}`}
      >
        {errors[name] ?? hint}
      </span>
    ) : null;
  const described = (name: string, hint?: string) => ({
    id: `${id}-${name}`,
    "aria-invalid": Boolean(errors[name]),
    ...(errors[name] || hint ? { "aria-describedby": `${id}-${name}-note` } : {}),
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="text-sm font-semibold text-slate-800">What to add</legend>
        {(["pair", "single"] as const).map((k) => (
          <label key={k} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === k}
              onChange={() => onKind(k)}
              className="size-5"
            />
            {k === "pair" ? "Before and after" : "One photo"}
          </label>
        ))}
      </fieldset>
      <div className={`grid gap-4 ${kind === "pair" ? "sm:grid-cols-2" : ""}`}>
        {roles.map((role) => {
          const slot = slots[role];
          return (
            <div key={role}>
              <label htmlFor={`${id}-${role}`} className="text-sm font-semibold text-slate-800">
                {roleLabel[role]}
              </label>
              {slot ? (
                <div className="mt-1 flex items-center gap-3">
                  <img src={slot.preview} alt="" className="size-20 rounded-lg object-cover" />
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{slot.label}</span>
                  <Button variant="secondary" onClick={() => onSlot(role, undefined)}>
                    Change
                  </Button>
                </div>
              ) : (
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
                  {...described(
                    role,
                    "A photo from this phone or computer, or one from a finished job below.",
                  )}
                  onChange={(e) => void pick(role, e.target.files?.[0])}
                />
              )}
              {note(
                role,
                slot ? undefined : "A photo from this phone or computer, or one from a finished job below.",
              )}
            </div>
          );
        })}
      </div>
      <div>
        <label htmlFor={`${id}-caption`} className="text-sm font-semibold text-slate-800">
          Caption
        </label>
        <input
          {...described("caption")}
          className={fieldClass}
          value={text.caption}
          onChange={(e) => setText((t) => ({ ...t, caption: e.target.value }))}
        />
        {note("caption")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-town`} className="text-sm font-semibold text-slate-800">
            Town
          </label>
          <input
            {...described("town")}
            className={fieldClass}
            list={`${id}-towns`}
            value={text.town}
            onChange={(e) => setText((t) => ({ ...t, town: e.target.value }))}
          />
          <datalist id={`${id}-towns`}>
            {towns.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          {note("town")}
        </div>
        <div>
          <label htmlFor={`${id}-service`} className="text-sm font-semibold text-slate-800">
            Service
          </label>
          <select
            {...described("service")}
            className={fieldClass}
            value={text.service}
            onChange={(e) => setText((t) => ({ ...t, service: e.target.value }))}
          >
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
          {note("service")}
        </div>
      </div>
      {errors["_form"] ? (
        <p role="alert" className="text-sm text-danger-600">
          {errors["_form"]}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Adding…" : "Add to gallery"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Photos from finished jobs for the gallery: only a job whose customer's written consent is
 * recorded offers its photos; for the others the owner can record how the customer agreed (an
 * e-mail, a letter, the review form's tick box records itself) (docs/decisions/058-gallery.md).
 * A standing consent can be withdrawn with a note: the job's photos leave the drafts and the live
 * website at once (docs/decisions/065-gallery-editing-consent-withdrawal-and-full-preview.md).
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { Button, fieldClass, Spinner } from "../../../admin/components/ui";
import { formatDate } from "../../../platform/time";
import type { GalleryImageRole, GalleryJob } from "../contract";
import { failureText } from "./ContentList";
import { galleryApi } from "./gallery-api";
import { LoadError } from "../../../admin/components/LoadError";

const photoThumb = (id: string) => `/api/admin/photos/${encodeURIComponent(id)}/thumb`;

/** A note the owner writes (how the customer agreed, or why consent was withdrawn), then sends. */
function NoteForm({
  label,
  placeholder,
  submitLabel,
  what,
  send,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  what: string;
  send: (note: string) => Promise<void>;
}) {
  const id = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await send(note);
      setError(null);
    } catch (err) {
      if (err instanceof ApiError && err.fields["note"]) setError(err.fields["note"]);
      else {
        const message = failureText(err, what);
        if (message) toast.error(message);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        className={fieldClass}
        value={note}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setNote(e.target.value)}
        placeholder={placeholder}
      />
      {error ? (
        <span id={`${id}-error`} className="mt-1 block text-sm text-danger-600">
          {error}
        </span>
      ) : null}
      <Button variant="secondary" className="mt-2" disabled={busy} onClick={() => void save()}>
        {submitLabel}
      </Button>
    </div>
  );
}

const byWhom = (role: string) => (role === "customer" ? "the customer" : "you");

function ConsentHistory({ job }: { job: GalleryJob }) {
  if (job.consentHistory.length < 2) return null;
  return (
    <details className="mt-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold">Consent history</summary>
      <ul className="mt-1 grid gap-1">
        {job.consentHistory.map((h, i) => (
          <li key={i}>
            {formatDate(new Date(h.at))}: {h.event === "given" ? "given" : "withdrawn"}, recorded by{" "}
            {byWhom(h.actor)}
            {h.note ? ` (${h.note})` : ""}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Withdraws the consent; the job's photos leave the drafts and the live website at once. */
async function withdraw(job: GalleryJob, note: string, onChanged: () => void) {
  const result = await galleryApi.withdrawConsent(job.submissionId, note);
  toast.success("Consent withdrawn", {
    description: result.publish
      ? "Its photos are being taken off the website now."
      : "None of its photos were on the website.",
  });
  onChanged();
}

function JobPhotos({
  job,
  roles,
  onUse,
}: {
  job: GalleryJob;
  roles: GalleryImageRole[];
  onUse: (role: GalleryImageRole, photoId: string, job: GalleryJob) => void;
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-3">
      {job.photos.map((p) => (
        <li key={p.id} className="grid justify-items-start gap-1">
          <img
            src={photoThumb(p.id)}
            alt={`${p.stage === "after" ? "After" : "Before"}: ${job.name}'s job`}
            className="size-24 rounded-lg object-cover"
          />
          {roles.map((role) => (
            <Button
              key={role}
              variant="ghost"
              className="min-h-9 px-2 text-xs"
              onClick={() => onUse(role, p.id, job)}
            >
              Use as {role === "photo" ? "the photo" : role}
            </Button>
          ))}
        </li>
      ))}
    </ul>
  );
}

function JobConsent({
  job,
  roles,
  onUse,
  onChanged,
}: {
  job: GalleryJob;
  roles: GalleryImageRole[];
  onUse: (role: GalleryImageRole, photoId: string, job: GalleryJob) => void;
  onChanged: () => void;
}) {
  const [withdrawing, setWithdrawing] = useState(false);
  const record = (
    <NoteForm
      label={`How did ${job.name} agree in writing?`}
      placeholder="e.g. By e-mail on 3 December, for the bathroom photos"
      submitLabel="Record consent"
      what="Recording the consent"
      send={async (note) => {
        await galleryApi.recordConsent(job.submissionId, note);
        onChanged();
      }}
    />
  );
  const consent = job.consent;
  if (!consent)
    return (
      <>
        <p className="text-sm text-slate-600">
          No written consent recorded: its photos cannot go on the website.
        </p>
        {record}
      </>
    );
  if (consent.withdrawnAt)
    return (
      <>
        <p className="text-sm text-accent-800">
          Consent withdrawn by {byWhom(consent.withdrawnBy ?? "owner")} on{" "}
          {formatDate(new Date(consent.withdrawnAt))}
          {consent.withdrawalNote ? `: ${consent.withdrawalNote}` : ""}. Its photos cannot go on the website
          unless the customer agrees again.
        </p>
        {record}
      </>
    );
  return (
    <>
      <p className="text-sm text-success-700">
        Consent recorded{" "}
        {consent.recordedBy === "customer" ? "by the customer on the review form" : `by you: ${consent.note}`}{" "}
        ({formatDate(new Date(consent.recordedAt))}).
        {job.galleryItems > 0
          ? ` ${job.galleryItems === 1 ? "One gallery item shows" : `${job.galleryItems} gallery items show`} its photos.`
          : ""}
      </p>
      <JobPhotos job={job} roles={roles} onUse={onUse} />
      {withdrawing ? (
        <NoteForm
          label={`Why is ${job.name}'s consent withdrawn?`}
          placeholder="e.g. Phoned on 5 December and asked us to take the photos down"
          submitLabel="Withdraw consent and take the photos down"
          what="Withdrawing the consent"
          send={(note) => withdraw(job, note, onChanged)}
        />
      ) : (
        <Button
          variant="ghost"
          className="mt-1 min-h-9 px-2 text-danger-600"
          onClick={() => setWithdrawing(true)}
        >
          Withdraw consent
        </Button>
      )}
    </>
  );
}

export function GalleryJobs({
  roles,
  onUse,
  onChanged,
}: {
  roles: GalleryImageRole[];
  onUse: (role: GalleryImageRole, photoId: string, job: GalleryJob) => void;
  /** The drafts changed (a withdrawal removes the job's gallery items). */
  onChanged: () => void;
}) {
  const jobs = useQuery({ queryKey: ["site", "gallery-jobs"], queryFn: galleryApi.jobs });
  if (jobs.isPending) return <Spinner label="Loading finished jobs…" />;
  if (jobs.isError)
    return <LoadError compact what="The finished jobs" onRetry={jobs.refetch} retrying={jobs.isFetching} />;
  if (jobs.data.length === 0)
    return <p className="text-sm text-slate-600">No finished job has photos yet.</p>;
  return (
    <ul className="grid gap-3">
      {jobs.data.map((job) => (
        <li key={job.submissionId} className="rounded-lg border border-slate-200 p-3">
          <p className="font-semibold text-slate-900">
            {job.name}
            <span className="font-normal text-slate-600">
              {job.service ? ` · ${job.service}` : ""}
              {job.doneAt ? ` · done ${formatDate(new Date(job.doneAt))}` : ""}
            </span>
          </p>
          <JobConsent
            job={job}
            roles={roles}
            onUse={onUse}
            onChanged={() => {
              void jobs.refetch();
              onChanged();
            }}
          />
          <ConsentHistory job={job} />
        </li>
      ))}
    </ul>
  );
}

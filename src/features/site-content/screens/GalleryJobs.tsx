/**
 * Photos from finished jobs for the gallery: only a job whose customer's written consent is
 * recorded offers its photos; for the others the owner can record how the customer agreed (an
 * e-mail, a letter, the review form's tick box records itself) (docs/decisions/058-gallery.md).
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { Button, Spinner } from "../../../admin/components/ui";
import { formatDate } from "../../../platform/time";
import type { GalleryImageRole, GalleryJob } from "../contract";
import { fieldClass, failureText } from "./ContentList";
import { galleryApi } from "./gallery-api";
import { LoadError } from "../../../admin/components/LoadError";

const photoThumb = (id: string) => `/api/admin/photos/${encodeURIComponent(id)}/thumb`;

function ConsentForm({ job, onDone }: { job: GalleryJob; onDone: () => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      await galleryApi.recordConsent(job.submissionId, note);
      setError(null);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields["note"]) setError(err.fields["note"]);
      else {
        const message = failureText(err, "Recording the consent");
        if (message) toast.error(message);
      }
    }
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        How did {job.name} agree in writing?
      </label>
      <textarea
        id={id}
        rows={2}
        className={fieldClass}
        value={note}
        aria-invalid={Boolean(error)}
        onChange={(e) => setNote(e.target.value)}
        placeholder="e.g. By e-mail on 3 December, for the bathroom photos"
      />
      {error ? <span className="mt-1 block text-sm text-danger-600">{error}</span> : null}
      <Button variant="secondary" className="mt-2" onClick={() => void save()}>
        Record consent
      </Button>
    </div>
  );
}

export function GalleryJobs({
  roles,
  onUse,
}: {
  roles: GalleryImageRole[];
  onUse: (role: GalleryImageRole, photoId: string, job: GalleryJob) => void;
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
          {job.consent ? (
            <>
              <p className="text-sm text-success-700">
                Consent recorded{" "}
                {job.consent.recordedBy === "customer"
                  ? "by the customer on the review form"
                  : `by you: ${job.consent.note}`}{" "}
                ({formatDate(new Date(job.consent.recordedAt))}).
              </p>
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
            </>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                No written consent recorded: its photos cannot go on the website.
              </p>
              <ConsentForm job={job} onDone={() => void jobs.refetch()} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The website's publish state and its two actions: "Publish" (snapshot the drafts and rebuild the
 * site) and "Restore the previous version". While a rebuild runs it asks for the state every few
 * seconds; a failure shows Netlify's reason in plain words.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { CloudUpload, History } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { keys, queryClient } from "../../../admin/query";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";
import { siteApi, type SiteContent } from "./api";

function failure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  toast.error(
    err instanceof ApiError && err.status < 500 ? err.message : `${what} failed. Please try again.`,
  );
}

function stateLine(status: SiteContent["status"]): { text: string; tone: string } {
  const since = status.liveAt ? ` since ${formatDateTime(new Date(status.liveAt), { short: true })}` : "";
  switch (status.state) {
    case "publishing":
      return { text: "Publishing: the website is being rebuilt (a few minutes)…", tone: "text-brand-800" };
    case "failed":
      return { text: `Publishing failed. ${status.error ?? ""}`, tone: "text-danger-600" };
    case "live":
      return { text: `Live${since}.`, tone: "text-success-600" };
    default:
      return { text: "Not published yet.", tone: "text-slate-700" };
  }
}

export function PublishBar({ site }: { site: SiteContent }) {
  const [confirmRestore, setConfirmRestore] = useState(false);
  const publishing = site.status.state === "publishing";
  // While Netlify rebuilds, ask for the state every five seconds.
  const status = useQuery({
    queryKey: [...keys.site, "status"],
    queryFn: siteApi.status,
    enabled: publishing,
    refetchInterval: (q) => (q.state.data?.state === "publishing" ? 5000 : false),
    initialData: site.status,
  });
  const shown = publishing ? status.data : site.status;
  if (publishing && status.data.state !== "publishing")
    void queryClient.invalidateQueries({ queryKey: keys.site });

  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.site });
  const publish = useMutation({
    mutationFn: siteApi.publish,
    onSuccess: async (p) => {
      if (p.state === "live") toast.success("Published: the website shows your changes.");
      else if (p.state === "publishing") toast.success("Publishing: the website is being rebuilt.");
      await refresh();
    },
    onError: async (err) => {
      failure(err, "Publishing");
      await refresh();
    },
  });
  const restore = useMutation({
    mutationFn: siteApi.restore,
    onSuccess: async () => {
      setConfirmRestore(false);
      toast.success("The previous version is back.");
      await refresh();
    },
    onError: (err) => failure(err, "Restoring"),
  });

  const line = stateLine(shown);
  const changes = site.draftChanges;
  return (
    <section
      aria-label="Publishing"
      className="grid gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:flex sm:items-center sm:justify-between"
    >
      <div className="min-w-0" aria-live="polite">
        <p className={`font-semibold ${line.tone}`} data-testid="publish-state">
          {line.text}
        </p>
        <p className="text-sm text-slate-700">
          {changes === 0
            ? "No unpublished changes."
            : `${changes} ${changes === 1 ? "change" : "changes"} not yet on the website.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {site.canRestore ? (
          <Button
            variant="secondary"
            disabled={restore.isPending || publishing}
            onClick={() => setConfirmRestore(true)}
          >
            <History aria-hidden="true" className="size-4" />
            Restore the previous version
          </Button>
        ) : null}
        <Button
          disabled={
            publish.isPending || shown.state === "publishing" || (changes === 0 && shown.state !== "failed")
          }
          onClick={() => publish.mutate()}
        >
          <CloudUpload aria-hidden="true" className="size-4" />
          {publish.isPending ? "Publishing…" : "Publish"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmRestore}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setConfirmRestore(false);
        }}
        title="Restore the previous version"
        message="Put the website back as it was before the last publish? Your drafts are replaced by that version and it is published again; services added since are hidden, not deleted."
        confirmLabel="Restore and publish"
        tone="primary"
        busy={restore.isPending}
        onConfirm={() => restore.mutate()}
      />
    </section>
  );
}

/**
 * Testimonial administration: approve, take the approval back, reject with a reason from the fixed
 * list, reply in public, delete; and whether finished jobs get a review invitation by themselves
 * (docs/decisions/020-verified-reviews.md).
 */
import { reviewsApi } from "./api";
import { ArrowLeft, RefreshCw } from "lucide-react";
import { useInfiniteQuery, useQuery, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import type { ReviewRejectReason } from "../../../data/legal";
import type { AdminTestimonial } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { RejectDialog, ReplyDialog } from "./ReviewModerationDialogs";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { keys, queries, queryClient, testimonialsQuery } from "../../../admin/query";
import { Button, Spinner, buttonClass } from "../../../admin/components/ui";
import { LoadError } from "../../../admin/components/LoadError";
import { TestimonialList } from "./TestimonialList";

type AdminTestimonialPage = Awaited<ReturnType<typeof reviewsApi.testimonials>>;

type Load =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; items: AdminTestimonial[]; nextCursor: string | null };

/** Whether marking a job done sends the customer a review invitation by itself. */
function AutoInviteSetting() {
  const id = useId();
  const settings = useQuery(queries.reviewSettings());
  const value = settings.data?.autoInvite ?? null;
  const [busy, setBusy] = useState(false);
  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      queryClient.setQueryData(keys.reviewSettings, await reviewsApi.saveReviewSettings(next));
      toast.success(
        next ? "Invitations will go out when a job is marked done" : "Invitations are sent by hand",
      );
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) toast.error("Saving the setting failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 flex items-start gap-3 rounded-card border border-slate-200 bg-white p-4">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0"
        checked={value ?? false}
        disabled={value === null || busy}
        onChange={(e) => void toggle(e.currentTarget.checked)}
      />
      <label htmlFor={id} className="min-h-11 text-sm text-slate-700">
        <span className="block font-semibold text-slate-900">
          Send a review invitation automatically when a job is marked done
        </span>
        The customer gets one e-mail with a link that works once, for 60 days. Otherwise send it from the
        request&apos;s details.
      </label>
    </div>
  );
}

export function TestimonialsScreen() {
  const list = useInfiniteQuery(testimonialsQuery());
  const [refreshing, setRefreshing] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminTestimonial | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toReject, setToReject] = useState<AdminTestimonial | null>(null);
  const [toReply, setToReply] = useState<AdminTestimonial | null>(null);
  const [dialogBusy, setDialogBusy] = useState(false);

  // "Load more" failing is told in a toast; the pages already shown stay.
  const failed = list.isError && !list.isFetchNextPageError;
  const loadingMore = list.isFetchingNextPage;
  const load: Load =
    list.isPending || (failed && list.isFetching && !refreshing)
      ? { state: "loading" }
      : failed
        ? { state: "failed" }
        : {
            state: "ready",
            // A review deleted meanwhile cannot appear twice: ids only go down from the cursor.
            items: (list.data?.pages ?? [])
              .flatMap((p) => p.testimonials)
              .filter((t, i, all) => all.findIndex((o) => o.id === t.id) === i),
            nextCursor: list.data?.pages.at(-1)?.nextCursor ?? null,
          };

  /** The first page again (50 reviews, newest first); "Load more" appends the next ones. */
  const fetchList = async (mode: "initial" | "refresh") => {
    if (mode === "refresh") setRefreshing(true);
    try {
      queryClient.setQueryData<InfiniteData<AdminTestimonialPage, string | null>>(keys.testimonials, (d) =>
        d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
      );
      await list.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  useEffect(() => {
    if (failed && !(list.error instanceof ApiError && list.error.status === 401))
      console.error("Loading testimonials failed", list.error);
  }, [failed, list.error]);

  const loadMore = async () => {
    if (load.state !== "ready" || !load.nextCursor) return;
    const result = await list.fetchNextPage();
    if (!result.isFetchNextPageError) return;
    const err = result.error;
    if (err instanceof ApiError) {
      if (err.status !== 401) toast.error("Error loading more testimonials", { description: err.message });
    } else {
      console.error("Loading more testimonials failed", err);
      toast.error("An error occurred");
    }
  };

  /** Changes one loaded review in place, so the pages already loaded stay as they are. */
  const replaceItem = (id: number, next: AdminTestimonial | null) => {
    queryClient.setQueryData<InfiniteData<AdminTestimonialPage, string | null>>(keys.testimonials, (d) =>
      d
        ? {
            ...d,
            pages: d.pages.map((p) => ({
              ...p,
              testimonials: next
                ? p.testimonials.map((t) => (t.id === id ? next : t))
                : p.testimonials.filter((t) => t.id !== id),
            })),
          }
        : d,
    );
    // The dashboard counts reviews in total and awaiting approval.
    void queryClient.invalidateQueries({ queryKey: keys.summary });
  };

  const setApproved = async (t: AdminTestimonial, approved: boolean) => {
    setBusyId(t.id);
    try {
      replaceItem(t.id, await reviewsApi.setApproved(t.id, approved));
      toast.success(approved ? "Testimonial approved" : "Testimonial unapproved");
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status !== 401) toast.error("Error updating testimonial", { description: err.message });
      } else {
        console.error("Updating a testimonial failed", err);
        toast.error("An error occurred");
      }
    } finally {
      setBusyId(null);
    }
  };

  const reject = async (t: AdminTestimonial, reason: ReviewRejectReason) => {
    setDialogBusy(true);
    try {
      replaceItem(t.id, await reviewsApi.rejectTestimonial(t.id, reason));
      toast.success("Review rejected");
      setToReject(null);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401))
        toast.error("Error rejecting the review", { description: err instanceof Error ? err.message : "" });
    } finally {
      setDialogBusy(false);
    }
  };

  const saveReply = async (t: AdminTestimonial, text: string | null) => {
    setDialogBusy(true);
    try {
      replaceItem(t.id, await reviewsApi.replyTestimonial(t.id, text));
      toast.success(text === null ? "Reply removed" : "Reply published");
      setToReply(null);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401))
        toast.error("Error saving the reply", { description: err instanceof Error ? err.message : "" });
    } finally {
      setDialogBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await reviewsApi.deleteTestimonial(toDelete.id);
      replaceItem(toDelete.id, null);
      toast.success("Testimonial deleted");
      setToDelete(null);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status !== 401) toast.error("Error deleting testimonial", { description: err.message });
      } else {
        console.error("Deleting a testimonial failed", err);
        toast.error("An error occurred");
      }
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div>
      <a href="/admin" className={buttonClass("ghost", "-ml-3")}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Admin Dashboard
      </a>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Testimonials</h1>
          <p className="mt-1 text-slate-600">
            Approve reviews to show them on the website. Reject only for a rule in the review policy, never
            for the rating.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void fetchList("refresh")}
          disabled={refreshing || load.state === "loading"}
        >
          <RefreshCw
            aria-hidden="true"
            className={`size-4 ${refreshing ? "animate-spin motion-reduce:animate-none" : ""}`}
          />
          {refreshing ? "Refreshing testimonials..." : "Refresh Testimonials"}
        </Button>
      </div>
      <AutoInviteSetting />

      <div className="mt-6">
        {load.state === "loading" ? (
          <Spinner label="Loading testimonials..." />
        ) : load.state === "failed" ? (
          <LoadError
            what="The testimonials"
            message="Failed to load testimonials. Please try again."
            onRetry={() => fetchList("initial")}
          />
        ) : load.items.length === 0 ? (
          <p className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No testimonials found. When users submit testimonials, they will appear here.
          </p>
        ) : (
          <>
            <TestimonialList
              items={load.items}
              busyId={busyId}
              onApprove={(t, approved) => void setApproved(t, approved)}
              onReject={setToReject}
              onReply={setToReply}
              onDelete={setToDelete}
            />
            {load.nextCursor ? (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore}>
                  {loadingMore ? "Loading more testimonials..." : "Load more testimonials"}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      <RejectDialog
        testimonial={toReject}
        busy={dialogBusy}
        onCancel={() => setToReject(null)}
        onReject={(t, reason) => void reject(t, reason)}
      />
      <ReplyDialog
        key={toReply?.id ?? 0}
        testimonial={toReply}
        busy={dialogBusy}
        onCancel={() => setToReply(null)}
        onSave={(t, text) => void saveReply(t, text)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setToDelete(null);
        }}
        title="Delete testimonial"
        message="Are you sure you want to delete this testimonial?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

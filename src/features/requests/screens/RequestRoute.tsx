/**
 * /admin/requests/:id: one request, in a dialog over the inbox. The address alone opens it (a
 * link from the owner's e-mail, a reload); Back, Escape and Close return to the inbox. Opening an
 * unread request marks it read.
 */
import { requestApi } from "./api";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams, useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { AdminRequest } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { takeOpenedFromInbox } from "../../../admin/inbox-nav";
import { queries, requestChanged, requestReadChanged, requestRemoved } from "../../../admin/query";
import { RequestDialog } from "./RequestDialog";
import { ConfirmDialog } from "../../../admin/components/dialogs";

export function RequestRoute() {
  const params = useParams({ strict: false });
  const id = Number(params.id);
  const router = useRouter();
  const navigate = useNavigate();
  const [fromInbox] = useState(takeOpenedFromInbox);
  const item = useQuery(queries.item(id));
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<AdminRequest | null>(null);
  /** A delete refused for the request's issued invoices: the reason, and anonymising offered instead. */
  const [toAnonymise, setToAnonymise] = useState<{ id: number; why: string } | null>(null);
  const markedRead = useRef<number | null>(null);

  const close = () => {
    if (fromInbox) router.history.back();
    else void navigate({ to: "/admin/submissions", search: (prev) => prev, replace: true });
  };

  const setRead = async (s: AdminRequest, isRead: boolean, quiet = false) => {
    setBusy(true);
    try {
      await requestReadChanged(await requestApi.setRead(s.id, isRead));
      if (!quiet) {
        toast.success(isRead ? "Marked as read" : "Marked as unread", {
          description: `The submission has been marked as ${isRead ? "read" : "unread"}`,
        });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      console.error("Updating a submission failed", err);
      toast.error("Failed to update submission status.");
    } finally {
      setBusy(false);
    }
  };

  // Opening an unread request marks it read, once per opening.
  const unread = item.data && !item.data.isRead ? item.data : null;
  useEffect(() => {
    if (!unread || markedRead.current === unread.id) return;
    markedRead.current = unread.id;
    void setRead(unread, true, true);
  }, [unread]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await requestApi.deleteRequest(toDelete.id);
      toast.success("Submission deleted", { description: "The submission has been successfully deleted." });
      setToDelete(null);
      close();
      await requestRemoved(toDelete.id);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        console.error("Deleting a submission failed", err);
        // A request with issued invoices is kept: the server says why and what to do instead.
        if (err instanceof ApiError && err.code === "has_issued_invoices") {
          setToAnonymise({ id: toDelete.id, why: err.message });
          setToDelete(null);
        } else if (err instanceof ApiError && err.status === 409) {
          toast.error("Not deleted", { description: err.message });
        } else toast.error("Failed to delete submission.");
      }
    } finally {
      setBusy(false);
    }
  };

  const confirmAnonymise = async () => {
    if (!toAnonymise) return;
    setBusy(true);
    try {
      await requestApi.anonymiseRequest(toAnonymise.id);
      toast.success("Anonymised", { description: "The customer's details are gone; the invoices are kept." });
      setToAnonymise(null);
      await requestChanged(toAnonymise.id);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) toast.error("Failed to anonymise the request.");
    } finally {
      setBusy(false);
    }
  };

  const status = item.data
    ? "ready"
    : item.isPending
      ? "loading"
      : item.error instanceof ApiError && item.error.status === 404
        ? "missing"
        : "failed";

  return (
    <>
      <RequestDialog
        request={item.data ?? null}
        status={status}
        busy={busy}
        onClose={close}
        onRetry={() => void item.refetch()}
        onToggleRead={(s) => void setRead(s, !s.isRead)}
        onDelete={(s) => setToDelete(s)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => {
          if (!o && !busy) setToDelete(null);
        }}
        title="Delete submission"
        message="Are you sure you want to delete this submission? This action cannot be undone."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
      />
      <ConfirmDialog
        open={toAnonymise !== null}
        onOpenChange={(o) => {
          if (!o && !busy) setToAnonymise(null);
        }}
        title="Anonymise instead?"
        message={`${toAnonymise?.why ?? ""} The name, contact details, message, notes, photos and e-mails are removed for good.`}
        confirmLabel="Anonymise"
        busy={busy}
        onConfirm={() => void confirmAnonymise()}
      />
    </>
  );
}

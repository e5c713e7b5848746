/** Pieces the quote dialogs share: the input's look, a field's error, a failed call's toast. */
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="mt-1 block text-sm font-normal text-danger-600">
      {message}
    </span>
  ) : null;
}

/** A failed call as a toast: the server's sentence for a 4xx, a plain retry message otherwise. */
export function reportFailure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  toast.error(
    err instanceof ApiError && err.status > 0 && err.status < 500
      ? err.message
      : `${what} failed. Please try again.`,
  );
}

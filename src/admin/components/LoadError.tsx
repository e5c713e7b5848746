/**
 * The one way the admin says that something it needs could not be fetched: an alert with what
 * failed and a Try Again button that asks again (the query's `refetch`). Every screen and panel
 * uses it, so the wording, the colours and the size of the button (44 px at least, a finger's
 * width) are the same everywhere (docs/decisions/068-small-pieces-checked.md).
 */
import type { ReactNode } from "react";
import { Button } from "./ui";

type Props = {
  /** What failed, as the start of a sentence: "The invoices" gives "The invoices could not be loaded." */
  what: string;
  /** Said instead of the standard sentence: the server's own explanation, or an exact wording. */
  message?: ReactNode | undefined;
  /** Asks again; usually the query's `refetch`. */
  onRetry: () => unknown;
  /** True while asking again: the button waits and says so. */
  retrying?: boolean | undefined;
  /** A panel inside a screen: smaller text and padding. */
  compact?: boolean | undefined;
  className?: string | undefined;
};

export function loadErrorText(what: string): string {
  return `${what} could not be loaded.`;
}

export function LoadError({
  what,
  message,
  onRetry,
  retrying = false,
  compact = false,
  className = "",
}: Props) {
  const box = compact ? "gap-2 px-3 py-2 text-sm" : "gap-3 px-4 py-3";
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={`flex flex-wrap items-center rounded-lg bg-danger-50 text-danger-600 ${box} ${className}`}
    >
      <span className="font-medium">{message ?? loadErrorText(what)}</span>
      <Button
        variant="secondary"
        disabled={retrying}
        aria-busy={retrying || undefined}
        onClick={() => void onRetry()}
      >
        {retrying ? "Trying again…" : "Try Again"}
      </Button>
    </div>
  );
}

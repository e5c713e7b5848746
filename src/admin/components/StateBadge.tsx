/** A request's state as a labelled pill; the colours are theme tokens checked for AA contrast. */
import { stateInfo, type RequestState } from "../../features/requests/contract/states";

/** Background and text colour per state (tests/unit/admin-contrast.test.ts checks each pair). */
export const stateLooks: Record<RequestState, { bg: string; text: string }> = {
  new: { bg: "bg-accent-100", text: "text-accent-900" },
  contacted: { bg: "bg-brand-100", text: "text-brand-800" },
  quoted: { bg: "bg-brand-800", text: "text-white" },
  scheduled: { bg: "bg-success-50", text: "text-success-700" },
  done: { bg: "bg-success-700", text: "text-white" },
  lost: { bg: "bg-danger-50", text: "text-danger-600" },
  cancelled: { bg: "bg-brand-50", text: "text-brand-700" },
  spam: { bg: "bg-danger-600", text: "text-white" },
};

export function StateBadge({ state, className = "" }: { state: RequestState; className?: string }) {
  const look = stateLooks[state];
  return (
    <span
      data-testid="state-badge"
      data-state={state}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.bg} ${look.text} ${className}`}
    >
      {stateInfo[state].label}
    </span>
  );
}

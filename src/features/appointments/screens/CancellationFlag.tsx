/**
 * The owner's flag on a visit inside the customer's cancellation period without an early-start
 * request (src/features/appointments/contract/cancellation-period.ts): shown on the request's
 * appointment, the schedule's visit cards and the run sheet, always in the same words.
 */
import { CalendarClock } from "lucide-react";

export function CancellationFlag({ text, compact = false }: { text: string | null; compact?: boolean }) {
  if (!text) return null;
  return (
    <p
      data-testid="cancellation-flag"
      className={`mt-2 flex items-start gap-1.5 rounded-md border-l-4 border-accent-600 bg-accent-50 text-sm text-accent-800 ${compact ? "p-1.5 text-xs" : "p-2"}`}
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{text}.</span>
    </p>
  );
}

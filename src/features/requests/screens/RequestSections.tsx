/**
 * The top of a request's screen and the sections below it (docs/decisions/047-admin-on-a-phone.md):
 * first who and where, the three ways to reach them (call, text, e-mail) and the one next thing to
 * do; then the rest in sections the owner opens and closes (a `<details>` each: a real button
 * that a keyboard and a screen reader work as they expect, and the browser's find-in-page opens).
 */
import { ArrowDown, MapPin, MessageSquare, Phone, Reply } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { AdminRequest } from "../contract/endpoints";
import { useServiceLabel } from "../../site-content/screens";
import { StateBadge } from "../../../admin/components/StateBadge";
import { buttonClass } from "../../../admin/components/ui";
import { mapLink, telLink } from "../../../admin/links";
import { useRequestPanels } from "./panels";

/** The sections of a request's screen, by the id their anchor uses. */
export type SectionId = "job" | "visit" | "quote" | "invoices" | "contact" | "progress" | "review";

const sectionAnchor = (requestId: number, section: SectionId) => `request-${requestId}-${section}`;

/** The one next thing to do, by where the request stands: its words and the section that does it. */
export function nextAction(s: AdminRequest): { label: string; section: SectionId } {
  const booking = s.formType === "booking";
  switch (s.state) {
    case "new":
    case "contacted":
      return booking
        ? { label: "Arrange the visit", section: "visit" }
        : { label: "Write a quote", section: "quote" };
    case "quoted":
      return { label: "Follow up the quote", section: "quote" };
    case "scheduled":
      return booking
        ? { label: "The visit", section: "visit" }
        : { label: "Move it on", section: "progress" };
    case "done":
      return { label: "Invoice and payment", section: "invoices" };
    default:
      return { label: "History and notes", section: "progress" };
  }
}

/** Whether the screen is wide enough to show every section open (matches Tailwind's `md`). */
function wideScreen(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(min-width: 768px)").matches;
}

/**
 * One section: open from the start when `open` (the next action's section, and on a wide screen
 * every section), otherwise closed until the owner opens it.
 */
export function Section({
  requestId,
  id,
  title,
  open = false,
  children,
}: {
  requestId: number;
  id: SectionId;
  title: string;
  open?: boolean;
  children: ReactNode;
}) {
  const [initiallyOpen] = useState(() => open || wideScreen());
  return (
    <details
      id={sectionAnchor(requestId, id)}
      open={initiallyOpen}
      className="group mt-3 scroll-mt-4 rounded-lg border border-slate-200 bg-white"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 text-base font-semibold text-brand-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        {title}
        <ArrowDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <div className="px-4 pb-4 [&>*:first-child]:mt-0 [&>section:first-child]:border-0 [&>section:first-child]:p-0">
        {children}
      </div>
    </details>
  );
}

/** Opens a section (if closed) and brings it into view. */
function goTo(requestId: number, section: SectionId) {
  const el = document.getElementById(sectionAnchor(requestId, section));
  if (!(el instanceof HTMLDetailsElement)) return;
  el.open = true;
  el.scrollIntoView({ block: "start" });
  el.querySelector("summary")?.focus();
}

/** Who, where, how to reach them and the next thing to do: the first screen of a request. */
export function RequestHeadline({ s }: { s: AdminRequest }) {
  const serviceLabel = useServiceLabel();
  const { CustomerLink } = useRequestPanels();
  const next = nextAction(s);
  const address = s.address?.trim() ? s.address : null;
  const digits = s.phone ? telLink(s.phone).slice("tel:".length) : null;
  return (
    <div data-testid="request-headline">
      <p className="text-xl font-bold break-words text-brand-900">{s.name}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="font-mono">{s.reference}</span>
        <StateBadge state={s.state} />
        {s.formType === "booking" && s.service ? <span>{serviceLabel(s.service)}</span> : null}
      </p>
      <CustomerLink requestId={s.id} />
      {address ? (
        <a
          href={mapLink(address)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 flex min-h-11 items-start gap-2 py-2 text-slate-900 underline decoration-slate-300 underline-offset-4"
        >
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span className="break-words">{address}</span>
          <span className="sr-only"> (opens a map)</span>
        </a>
      ) : null}
      <div className="mt-3 grid grid-cols-3 gap-2">
        {digits ? (
          <>
            <a className={buttonClass("primary", "px-2")} href={`tel:${digits}`}>
              <Phone aria-hidden="true" className="size-4" />
              Call
            </a>
            <a className={buttonClass("secondary", "px-2")} href={`sms:${digits}`}>
              <MessageSquare aria-hidden="true" className="size-4" />
              Text
            </a>
          </>
        ) : (
          <p className="col-span-2 flex min-h-11 items-center text-sm text-slate-700">No phone number</p>
        )}
        {s.email ? (
          <a className={buttonClass("secondary", "px-2")} href={`mailto:${s.email}`}>
            <Reply aria-hidden="true" className="size-4" />
            E-mail
          </a>
        ) : (
          <p className="flex min-h-11 items-center text-sm text-slate-700">No e-mail</p>
        )}
      </div>
      <button
        type="button"
        onClick={() => goTo(s.id, next.section)}
        className={buttonClass("secondary", "mt-2 w-full justify-between border-brand-300 bg-brand-50")}
      >
        <span>
          <span className="font-normal text-slate-700">Next: </span>
          {next.label}
        </span>
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * For a customer without an e-mail address: a one-line message with their private link, to copy
 * into a text (docs/decisions/051-phone-only-customers-and-paid-papers.md). Every send path uses
 * it: quotes, invoices, visits and review invitations. The text sits in a read-only box the owner
 * can select by hand when the clipboard is not available.
 */
import { Check, Copy, MessageSquareText } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { callApi } from "../../lib/api/client";
import * as r from "../../lib/contracts/admin-routes";
import type { TextLinkTopic } from "../../features/customer-page/contract/text-link";
import { ApiError, signedIn } from "../api";
import { Button } from "./ui";

export interface TextLink {
  url: string;
  message: string;
}

/** The message in a selectable box and a Copy button that says "Copied" once it worked. */
export function CopyMessage({ link }: { link: TextLink }) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.message);
      setState("copied");
    } catch {
      box.current?.select();
      setState("select");
    }
  };
  return (
    <div className="mt-3 rounded-lg border border-slate-300 bg-slate-50 p-3">
      <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-slate-900">
        Message to text
      </label>
      <textarea
        id={`${id}-text`}
        ref={box}
        readOnly
        rows={4}
        value={link.message}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 w-full resize-none rounded-md border border-slate-300 bg-white p-2 text-sm [overflow-wrap:anywhere] text-slate-900"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {state === "copied" ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {state === "copied" ? "Copied" : "Copy message"}
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {state === "copied"
            ? "Paste it into a text to the customer."
            : state === "select"
              ? "Copying is not allowed here: the text is selected, copy it yourself."
              : "Only this copy holds the link; make a new one if you lose it."}
        </p>
      </div>
    </div>
  );
}

/** Makes a new private link to the request's page (on the owner's click) and shows it to copy. */
export function TextLinkMaker({
  requestId,
  about,
  reference,
  label = "Make a link to text",
  before,
}: {
  requestId: number;
  about: TextLinkTopic;
  reference?: string | undefined;
  label?: string;
  /** What must happen first (a draft quote marked sent), so the link shows what the text says. */
  before?: (() => Promise<void>) | undefined;
}) {
  const [link, setLink] = useState<TextLink | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      if (before) await before();
      const body = reference ? { about, reference } : { about };
      setLink((await signedIn(callApi(r.makeTextLinkRoute, { id: requestId, body }))).link);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      toast.error(err instanceof ApiError && err.status < 500 ? err.message : "Making the link failed.");
    } finally {
      setBusy(false);
    }
  };
  if (link) return <CopyMessage link={link} />;
  return (
    <Button className="mt-3" variant="secondary" disabled={busy} onClick={() => void make()}>
      <MessageSquareText aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

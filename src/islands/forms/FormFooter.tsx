/**
 * The end of every public form: the spam-guard fields, the submit button (relabelled while
 * sending) and the lasting notice under it that says what to do next after a failure.
 */
import type { Ref } from "react";
import { SubmitButton } from "./fields";
import { FormNotice } from "./FormNotice";
import { SpamGuardFields } from "./SpamGuardFields";
import type { Notice, PhoneContact } from "./use-form-submit";

export function FormFooter({
  idPrefix,
  honeypotRef,
  startedAtRef,
  busy,
  idleLabel,
  busyLabel,
  notice,
  phone,
}: {
  idPrefix: string;
  honeypotRef: Ref<HTMLInputElement>;
  startedAtRef: Ref<HTMLInputElement>;
  busy: boolean;
  idleLabel: string;
  busyLabel: string;
  notice: Notice | null;
  phone: PhoneContact;
}) {
  return (
    <>
      <SpamGuardFields idPrefix={idPrefix} honeypotRef={honeypotRef} startedAtRef={startedAtRef} />
      <div className="grid gap-4">
        <SubmitButton busy={busy} idleLabel={idleLabel} busyLabel={busyLabel} />
        <FormNotice notice={notice} phone={phone} />
      </div>
    </>
  );
}

/**
 * The two spam-guard fields every public form carries (src/lib/form-fields/spam-guard.ts,
 * docs/decisions/004-spam-guard.md). They are plain uncontrolled inputs so that they post with the
 * form when JavaScript is off, and the island reads them by ref when it sends JSON.
 */
import type { Ref } from "react";
import { honeypotField, startedAtField } from "../../lib/form-fields/spam-guard";

interface Props {
  readonly idPrefix: string;
  readonly honeypotRef: Ref<HTMLInputElement>;
  readonly startedAtRef: Ref<HTMLInputElement>;
}

export function SpamGuardFields({ idPrefix, honeypotRef, startedAtRef }: Props) {
  const id = `${idPrefix}-${honeypotField}`;
  return (
    <>
      {/* Off-screen rather than display:none: many bots skip fields that are not rendered. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={id}>Leave this field empty</label>
        <input
          ref={honeypotRef}
          id={id}
          type="text"
          name={honeypotField}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {/* Empty in the static HTML; the island stamps the time the form was first shown. */}
      <input ref={startedAtRef} type="hidden" name={startedAtField} defaultValue="" />
    </>
  );
}

/**
 * The cancellation period on a visit (docs/decisions/059-cancellation-period-on-the-visit.md): the
 * period counted in London days from the acceptance, the visits inside it without an early-start
 * request (day 14 inside, day 15 not), verbal acceptances (the day the customer said yes, not the
 * day the owner recorded it), urgent repairs, and the words the owner and the customer read.
 */
import { describe, expect, it } from "vitest";
import {
  cancellationEndDate,
  cancellationPeriodOf,
  visitInsidePeriod,
  visitPeriodFlag,
  workStartSentence,
  type AcceptanceFacts,
} from "../../src/features/appointments/contract/cancellation-period";
import { cancellationEndDate as fromRights } from "../../src/data/consumer-rights";
import { addDays } from "../../src/platform/time";

/** Accepted at 10:00 UTC on Fri 27 Nov 2026 (10:00 in London): day 14 is Fri 11 Dec. */
const accepted = (over: Partial<AcceptanceFacts> = {}): AcceptanceFacts => ({
  at: "2026-11-27T10:00:00.000Z",
  expressStart: false,
  urgentRepair: false,
  cancelUntil: "2026-12-11",
  ...over,
});

describe("the cancellation period", () => {
  it("ends 14 London days after the day of acceptance, the one rule the terms use too", () => {
    expect(cancellationEndDate("2026-11-27")).toBe("2026-12-11");
    expect(fromRights).toBe(cancellationEndDate);
    // Across the clocks going back (25 Oct 2026) it still counts whole days.
    expect(cancellationEndDate("2026-10-20")).toBe("2026-11-03");
  });

  it("starts on the London date of the acceptance, not the UTC one", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    const period = cancellationPeriodOf(accepted({ at: "2026-06-30T23:30:00.000Z", cancelUntil: null }));
    expect(period).toEqual({ acceptedOn: "2026-07-01", until: "2026-07-15", earlyStart: false });
  });

  it("keeps the last day stored with the acceptance", () => {
    expect(cancellationPeriodOf(accepted())?.until).toBe("2026-12-11");
  });

  it("flags a visit on day 14 and not on day 15", () => {
    const period = cancellationPeriodOf(accepted());
    expect(visitInsidePeriod(addDays("2026-11-27", 14), period)).toBe(true);
    expect(visitInsidePeriod(addDays("2026-11-27", 15), period)).toBe(false);
    expect(visitInsidePeriod("2026-11-27", period)).toBe(true); // the day of acceptance itself
    expect(visitInsidePeriod("2026-11-26", period)).toBe(false); // before it (a survey visit)
  });

  it("does not flag a visit the customer asked to start early", () => {
    const period = cancellationPeriodOf(accepted({ expressStart: true }));
    expect(visitInsidePeriod("2026-12-01", period)).toBe(false);
    expect(visitPeriodFlag("2026-12-01", period)).toBeNull();
  });

  it("does not flag an urgent repair, which has no period", () => {
    expect(cancellationPeriodOf(accepted({ urgentRepair: true, cancelUntil: null }))).toBeNull();
    expect(visitPeriodFlag("2026-12-01", null)).toBeNull();
  });

  it("counts a verbal acceptance from the day the customer said yes", () => {
    // Said yes by phone on Mon 30 Nov; the owner recorded it days later (not part of the rule).
    const period = cancellationPeriodOf(
      accepted({ at: "2026-11-30T17:45:00.000Z", cancelUntil: cancellationEndDate("2026-11-30") }),
    );
    expect(period?.until).toBe("2026-12-14");
    expect(visitInsidePeriod("2026-12-14", period)).toBe(true);
    expect(visitInsidePeriod("2026-12-15", period)).toBe(false);
  });

  it("tells the owner in plain words until when the customer may cancel", () => {
    expect(visitPeriodFlag("2026-12-03", cancellationPeriodOf(accepted()))).toBe(
      "Inside the 14-day cancellation period: no early-start request; the customer may cancel until Fri 11 Dec",
    );
    expect(visitPeriodFlag(null, cancellationPeriodOf(accepted()))).toBeNull();
  });

  it("tells the customer the first day we can start while the period runs", () => {
    const period = cancellationPeriodOf(accepted());
    expect(workStartSentence(period, "2026-11-27")).toBe(
      "We can start from Sat 12 Dec, after your 14-day cancellation period, unless you ask us to start sooner.",
    );
    expect(workStartSentence(period, "2026-12-11")).not.toBeNull();
    expect(workStartSentence(period, "2026-12-12")).toBeNull(); // the period is over
    expect(
      workStartSentence(cancellationPeriodOf(accepted({ expressStart: true })), "2026-11-27"),
    ).toBeNull();
    expect(workStartSentence(null, "2026-11-27")).toBeNull();
  });
});

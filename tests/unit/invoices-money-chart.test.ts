/**
 * The money screen's hand-drawn chart: the scale's round top and its labels, each bar's height in
 * proportion to its month's pence, bars inside the plot, and the description read out in its place.
 */
import { describe, expect, it } from "vitest";
import {
  chartLayout,
  chartSummary,
  niceMaxPence,
  shortMonth,
  shortPounds,
  type MonthFigures,
} from "../../src/features/invoices/screens/money-chart";

const months = (figures: [number, number][], from = "2025-12"): MonthFigures[] => {
  let [y, m] = from.split("-").map(Number) as [number, number];
  return figures.map(([invoicedPence, receivedPence]) => {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
    return { month, invoicedPence, receivedPence };
  });
};

describe("the scale", () => {
  it("rounds the top up to 1, 2, 4, 6 or 8 times a power of ten, £100 at the least", () => {
    expect(niceMaxPence(0)).toBe(10_000);
    expect(niceMaxPence(9_999)).toBe(10_000);
    expect(niceMaxPence(10_001)).toBe(20_000);
    expect(niceMaxPence(123_456)).toBe(200_000);
    expect(niceMaxPence(250_000)).toBe(400_000);
    expect(niceMaxPence(400_000)).toBe(400_000);
    expect(niceMaxPence(512_300)).toBe(600_000);
    expect(niceMaxPence(790_000)).toBe(800_000);
    expect(niceMaxPence(810_000)).toBe(1_000_000);
  });

  it("labels the grid lines in short pounds", () => {
    expect(shortPounds(0)).toBe("£0");
    expect(shortPounds(50_000)).toBe("£500");
    expect(shortPounds(100_000)).toBe("£1k");
    expect(shortPounds(150_000)).toBe("£1.5k");
    expect(shortPounds(1_000_000)).toBe("£10k");
  });

  it("has five grid lines from £0 to the top, evenly spaced", () => {
    const layout = chartLayout(months([[380_000, 120_000]]));
    expect(layout.maxPence).toBe(400_000);
    expect(layout.ticks.map((t) => t.label)).toEqual(["£0", "£1k", "£2k", "£3k", "£4k"]);
    expect(layout.ticks[0]!.y).toBe(layout.plot.bottom);
    expect(layout.ticks[4]!.y).toBe(layout.plot.top);
  });
});

describe("the bars", () => {
  const figures = months([
    [200_000, 100_000],
    [0, 50_000],
    [400_000, 400_000],
    [1, 0],
  ]);
  const layout = chartLayout(figures);
  const plotHeight = layout.plot.bottom - layout.plot.top;

  it("stand on the zero line with heights in proportion to the pence", () => {
    const [jan, feb, mar] = layout.months;
    expect(jan!.invoiced.height).toBeCloseTo(plotHeight / 2);
    expect(jan!.received.height).toBeCloseTo(plotHeight / 4);
    expect(feb!.invoiced.height).toBe(0);
    expect(mar!.invoiced.height).toBeCloseTo(plotHeight);
    for (const m of layout.months) {
      for (const b of [m.invoiced, m.received]) {
        expect(b.y + b.height).toBeCloseTo(layout.plot.bottom);
        expect(b.y).toBeGreaterThanOrEqual(layout.plot.top - 1e-9);
      }
    }
  });

  it("shows a penny as a sliver, not as nothing", () => {
    expect(layout.months[3]!.invoiced.height).toBeGreaterThan(1);
    expect(layout.months[3]!.received.height).toBe(0);
  });

  it("keeps each month's pair apart and inside the plot, invoiced on the left", () => {
    let previousRight = layout.plot.left;
    for (const m of layout.months) {
      expect(m.invoiced.x).toBeGreaterThanOrEqual(previousRight);
      expect(m.invoiced.x + m.invoiced.width).toBeLessThanOrEqual(m.received.x);
      previousRight = m.received.x + m.received.width;
      expect(previousRight).toBeLessThanOrEqual(layout.plot.right);
    }
  });

  it("names each month and shows the year under the first month and every January", () => {
    expect(layout.months.map((m) => m.label)).toEqual(["Dec", "Jan", "Feb", "Mar"]);
    expect(layout.months.map((m) => m.year)).toEqual(["2025", "2026", null, null]);
    expect(shortMonth("2026-09")).toBe("Sep");
  });

  it("fits a phone's width with the scale in a narrower margin", () => {
    const phone = chartLayout(figures, { width: 330, height: 240 });
    expect(phone.plot.left).toBe(44);
    expect(phone.plot.right).toBe(322);
    const last = phone.months[phone.months.length - 1]!;
    expect(last.received.x + last.received.width).toBeLessThanOrEqual(phone.plot.right);
    expect(phone.months[2]!.invoiced.height).toBeCloseTo(phone.plot.bottom - phone.plot.top);
  });

  it("on a phone, labels twelve months by their initials and keeps two years from running together", () => {
    const year = chartLayout(months(Array.from({ length: 12 }, () => [1_000, 0] as [number, number])), {
      width: 330,
      height: 240,
    });
    expect(year.months.map((m) => m.label).join("")).toBe("DJFMAMJJASON");
    expect(year.months.map((m) => m.year)).toEqual([null, "2026", ...Array<null>(10).fill(null)]);
    const wide = chartLayout(months(Array.from({ length: 12 }, () => [1_000, 0] as [number, number])));
    expect(wide.months[0]!.year).toBe("2025");
    expect(wide.months[0]!.label).toBe("Dec");
  });

  it("draws twelve empty months without a division by zero", () => {
    const empty = chartLayout(months(Array.from({ length: 12 }, () => [0, 0] as [number, number])));
    expect(empty.maxPence).toBe(10_000);
    expect(empty.months).toHaveLength(12);
    for (const m of empty.months) expect(Number.isFinite(m.invoiced.x)).toBe(true);
  });
});

describe("the description", () => {
  it("gives the totals and the busiest month in words", () => {
    const text = chartSummary(
      months([
        [120_000, 0],
        [350_050, 200_000],
      ]),
    );
    expect(text).toBe(
      "From December 2025 to January 2026: £4,700.50 invoiced and £2,000.00 received. Most invoiced in January 2026: £3,500.50. The table beside the chart lists every month.",
    );
  });

  it("says so when there is nothing", () => {
    expect(chartSummary([])).toBe("No months to show.");
    expect(chartSummary(months([[0, 0]]))).not.toContain("Most invoiced");
  });
});

/**
 * The money screen's chart of invoiced against received per month, worked out as plain numbers
 * for an SVG drawn by hand (no chart library): a rounded top for the scale, its grid lines, and a
 * pair of bars per month. Amounts stay integer pence until they become a bar's height in the
 * drawing's own units. Pure and browser-safe, so it is unit-tested alone.
 */
import { formatMoney, type Pence } from "../../../platform/money";
import { monthNames } from "../../../platform/time";

export interface MonthFigures {
  /** "YYYY-MM". */
  month: string;
  invoicedPence: Pence;
  receivedPence: Pence;
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  pence: Pence;
}

export interface ChartMonth {
  month: string;
  /** "Dec" and, for January and the first month shown, the year under it. */
  label: string;
  year: string | null;
  /** The month's centre on the x axis. */
  centre: number;
  invoiced: ChartBar;
  received: ChartBar;
}

export interface ChartTick {
  y: number;
  pence: Pence;
  label: string;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The plot area inside the margins. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** The top of the scale in pence (a round figure at or above the largest month). */
  maxPence: Pence;
  ticks: ChartTick[];
  months: ChartMonth[];
}

/**
 * The drawing's size: the screen draws it at the width it has (CSS pixels, so its text stays
 * readable on a phone); this is the size before that is known.
 */
export const chartSize = { width: 720, height: 300 } as const;
const margin = { left: 64, right: 8, top: 12, bottom: 40 } as const;
/** Narrower than this, the scale's labels get less room. */
const narrow = 480;

/**
 * A round top for the scale: the smallest of 1, 2, 4, 6 or 8 times a power of ten at or above the
 * largest amount, so each of the four grid lines falls on a figure people read at a glance
 * (quarters of those: £250, £500, £1k, £1.5k, £2k). £100 at the least, so an empty year still has
 * a scale.
 */
export function niceMaxPence(largest: Pence): Pence {
  const floor = 10_000;
  if (largest <= floor) return floor;
  const magnitude = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 4, 6, 8, 10]) {
    const top = step * magnitude;
    if (top >= largest) return Math.round(top);
  }
  return 10 * magnitude;
}

/** "£2.5k", "£10k", "£800", "£0": the scale's labels, short enough for the left margin. */
export function shortPounds(amount: Pence): string {
  const pounds = amount / 100;
  if (pounds >= 1000) {
    const k = pounds / 1000;
    return `£${Number.isInteger(k) ? k : k.toFixed(1).replace(/\.0$/, "")}k`;
  }
  return formatMoney(Math.round(amount), { dropZeroPence: true });
}

/** "Jan", "Feb", …: a month's short name from "YYYY-MM". */
export function shortMonth(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return (monthNames[index] ?? month).slice(0, 3);
}

/** The chart's layout for the months given (oldest first), four grid lines above zero. */
export function chartLayout(
  months: readonly MonthFigures[],
  size: { width: number; height: number } = chartSize,
): ChartLayout {
  const { width, height } = size;
  const plot = {
    left: width < narrow ? 44 : margin.left,
    top: margin.top,
    right: width - margin.right,
    bottom: height - margin.bottom,
  };
  const largest = months.reduce((m, f) => Math.max(m, f.invoicedPence, f.receivedPence), 0);
  const maxPence = niceMaxPence(largest);
  const plotHeight = plot.bottom - plot.top;
  const yOf = (p: Pence) => plot.bottom - (Math.max(p, 0) / maxPence) * plotHeight;

  const steps = 4;
  const ticks: ChartTick[] = Array.from({ length: steps + 1 }, (_, i) => {
    const p = Math.round((maxPence * i) / steps);
    return { y: yOf(p), pence: p, label: shortPounds(p) };
  });

  const slot = months.length > 0 ? (plot.right - plot.left) / months.length : 0;
  const barWidth = Math.min(slot * 0.34, 22);
  const gap = Math.min(slot * 0.06, 4);
  const bar = (x: number, p: Pence): ChartBar => {
    const y = yOf(p);
    // A month with money in it shows at least a sliver, so it is not mistaken for nothing.
    const h = p > 0 ? Math.max(plot.bottom - y, 1.5) : 0;
    return { x, y: plot.bottom - h, width: barWidth, height: h, pence: p };
  };

  return {
    width,
    height,
    plot,
    maxPence,
    ticks,
    months: months.map((f, i) => {
      const centre = plot.left + slot * (i + 0.5);
      // The year goes under each January, and under the first month unless, on a narrow chart, a
      // January follows so closely that the two would run into each other.
      const januarySoon = months.slice(1, 3).some((m) => m.month.endsWith("-01"));
      const year =
        f.month.endsWith("-01") || (i === 0 && !(slot < 40 && januarySoon)) ? f.month.slice(0, 4) : null;
      return {
        month: f.month,
        // Too narrow for "Jan", "Feb": their initials, as printed calendars do.
        label: slot < 30 ? shortMonth(f.month).charAt(0) : shortMonth(f.month),
        year,
        centre,
        invoiced: bar(centre - gap / 2 - barWidth, f.invoicedPence),
        received: bar(centre + gap / 2, f.receivedPence),
      };
    }),
  };
}

/** The chart's description for assistive technology: the totals and the busiest month. */
export function chartSummary(months: readonly MonthFigures[]): string {
  if (months.length === 0) return "No months to show.";
  const invoiced = months.reduce((s, m) => s + m.invoicedPence, 0);
  const received = months.reduce((s, m) => s + m.receivedPence, 0);
  const first = months[0]!.month;
  const last = months[months.length - 1]!.month;
  const name = (m: string) => `${monthNames[Number(m.slice(5, 7)) - 1] ?? m} ${m.slice(0, 4)}`;
  const busiest = months.reduce((b, m) => (m.invoicedPence > b.invoicedPence ? m : b), months[0]!);
  return `From ${name(first)} to ${name(last)}: ${formatMoney(invoiced)} invoiced and ${formatMoney(
    received,
  )} received.${
    busiest.invoicedPence > 0
      ? ` Most invoiced in ${name(busiest.month)}: ${formatMoney(busiest.invoicedPence)}.`
      : ""
  } The table beside the chart lists every month.`;
}

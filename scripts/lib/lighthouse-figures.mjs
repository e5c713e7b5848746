/**
 * The figures scripts/bench-lighthouse.mjs reads from one Lighthouse report (an `lhr`), and their
 * medians over interleaved runs. Besides the scores and the timings, which a busy machine moves, it
 * keeps the facts that do not depend on load: the LCP element, what the browser fetched before the
 * page's largest paint (requests and bytes, by priority), the render-blocking files, and the
 * main-thread time (load-dependent, but telling when two pages differ by a lot).
 */
import { loadavg } from "node:os";

const round = (n) => Math.round(n ?? 0);

/** The LCP element (its tag and text, as Lighthouse labels it) and the phases of its time. */
function lcpOf(lhr) {
  const items = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  const node = items.find((i) => i.type === "node");
  const phases = items.find((i) => i.type === "table")?.items ?? [];
  const tag = /^<(\w+)/.exec(node?.snippet ?? "")?.[1] ?? "?";
  return {
    lcpElement: node ? `${tag} "${(node.nodeLabel ?? "").slice(0, 40)}"` : "unknown",
    lcpPhases: Object.fromEntries(phases.map((p) => [p.subpart, round(p.duration)])),
  };
}

/** Requests the page started before its largest paint (as observed): how many, their bytes, priorities. */
function beforeLcpOf(lhr) {
  const observed = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? 0;
  const requests = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
    (r) => r.rendererStartTime <= observed,
  );
  const images = requests.filter((r) => r.resourceType === "Image");
  return {
    requestsBeforeLcp: requests.length,
    bytesBeforeLcp: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    imagesBeforeLcp: images.map((r) => `${r.priority}:${round((r.transferSize ?? 0) / 1024)}KB`).join(" "),
  };
}

/** One run's row: the four scores, the metrics, the bytes, and the facts above. */
export function rowOf(page, lhr, run) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id) => lhr.audits[id]?.numericValue ?? 0;
  const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    page,
    run,
    loadAverage: Number(loadavg()[0].toFixed(1)),
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    jsBytes: bytes("script"),
    totalBytes: bytes("total"),
    requests: summary.find((i) => i.resourceType === "total")?.requestCount ?? 0,
    lcpMs: round(num("largest-contentful-paint")),
    cls: Number(num("cumulative-layout-shift").toFixed(3)),
    fcpMs: round(num("first-contentful-paint")),
    tbtMs: round(num("total-blocking-time")),
    siMs: round(num("speed-index")),
    mainThreadMs: round(num("mainthread-work-breakdown")),
    renderBlocking: (lhr.audits["render-blocking-insight"]?.details?.items ?? []).map((i) =>
      i.url.replace(/^https?:\/\/[^/]+/, ""),
    ),
    ...lcpOf(lhr),
    ...beforeLcpOf(lhr),
    // What kept a category below 100 (weighted audits that did not pass).
    notes: ["accessibility", "best-practices", "seo"]
      .flatMap((cat) => lhr.categories[cat]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const numeric = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "fcpMs",
  "lcpMs",
  "tbtMs",
  "cls",
  "siMs",
  "mainThreadMs",
  "totalBytes",
  "requests",
  "requestsBeforeLcp",
  "bytesBeforeLcp",
  "loadAverage",
];

/** Per page, the median of every numeric figure over its runs, and the LCP elements seen. */
export function mediansByPage(rows) {
  const pages = [...new Set(rows.map((r) => r.page))];
  return pages.map((page) => {
    const runs = rows.filter((r) => r.page === page);
    const out = { page, runs: runs.length };
    for (const key of numeric) out[key] = median(runs.map((r) => r[key]));
    out.lcpElements = [...new Set(runs.map((r) => r.lcpElement))];
    out.imagesBeforeLcp = runs.at(-1)?.imagesBeforeLcp ?? "";
    out.renderBlocking = runs.at(-1)?.renderBlocking ?? [];
    return out;
  });
}

/**
 * Finding requests on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts):
 * search by name, phone (typed any way), e-mail, reference and stemmed words; filters by type,
 * state, London dates and archive; keyset pages with no gap or duplicate while rows arrive; and
 * the CSV export (RFC 4180, BOM, formula injection neutralised, streamed page by page).
 */
import { eq, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import { requestReference } from "../../src/features/requests/contract/reference";
import { requests } from "../../src/features/tables";
import { listPage, type Cursor } from "../../src/features/requests/repository-search";
import { csvCell, exportCsv } from "../../src/features/requests/service-export";
import { adminClient, seedRequest, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

/** A UK mobile number no other test uses: "07700 9xxxxx" with five random digits. */
const uniquePhone = () => `07${randomInt(100, 999)} ${randomInt(100000, 999999)}`;

async function ids(query: string): Promise<number[]> {
  const owner = await adminClient();
  const res = await owner.call(adminSubmissions, "GET", `/api/admin/submissions?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json.submissions.map((s: { id: number }) => s.id);
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe("search", () => {
  it("finds a phone number typed with spaces, without spaces, and with +44", async () => {
    const phone = uniquePhone();
    const r = await seedRequest({ phone });
    const digits = phone.replace(/\s/g, "");
    for (const typed of [
      phone,
      digits,
      `${digits.slice(0, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`,
      `+44 ${digits.slice(1)}`,
      `(0${digits.slice(1, 5)}) ${digits.slice(5)}`,
    ]) {
      expect(await ids(q(typed)), typed).toEqual([r.id]);
    }
    const neighbour = `${digits.slice(0, -1)}${(Number(digits.at(-1)) + 1) % 10}`;
    expect(await ids(q(neighbour))).not.toContain(r.id);
  });

  it("finds a request by its reference, in any case and spacing, and only with the right type", async () => {
    const booking = await seedRequest({ formType: "booking" });
    const contact = await seedRequest({ formType: "contact" });
    const ref = requestReference(booking);
    expect(ref).toMatch(/^KB-\d{6}$/);
    expect(await ids(q(ref))).toEqual([booking.id]);
    expect(await ids(q(ref.toLowerCase()))).toEqual([booking.id]);
    expect(await ids(q(`KB ${booking.id}`))).toEqual([booking.id]);
    expect(await ids(q(requestReference(contact)))).toEqual([contact.id]);
    expect(await ids(q(`KC-${String(booking.id).padStart(6, "0")}`))).not.toContain(booking.id);
  });

  it("finds words by prefix in the name, e-mail, address and message, and stemmed words", async () => {
    const tag = uniqueTag("srch");
    const r = await seedRequest({
      tag,
      name: `Morag ${tag}`,
      email: `morag.${tag}@example.org`,
      address: `7 Links Street, Burntisland ${tag}`,
      message: `Painting the hall ceilings before Christmas, ${tag}.`,
    });
    for (const typed of [
      `mora ${tag}`,
      `${tag} burntis`,
      `morag.${tag}@example.org`,
      `MORAG.${tag.toUpperCase()}@EXAMPLE.ORG`,
      `painted ${tag}`,
      `ceiling ${tag}`,
      `Christmas Morag ${tag}`,
    ]) {
      expect(await ids(q(typed)), typed).toEqual([r.id]);
    }
    expect(await ids(q(`${tag} plumbing`))).toEqual([]);
  });

  it("treats search syntax as plain text", async () => {
    for (const typed of ["'", "a & b | !c", "(x:*)", "\\", "<->", "%_", "ünïcödé ✓", "   "]) {
      const owner = await adminClient();
      const res = await owner.call(adminSubmissions, "GET", `/api/admin/submissions?${q(typed)}`);
      expect(res.status, typed).toBe(200);
    }
  });
});

describe("filters", () => {
  it("filter by type and by one or more states", async () => {
    const tag = uniqueTag("filt");
    const a = await seedRequest({ tag, name: `A ${tag}`, formType: "booking" });
    const b = await seedRequest({ tag, name: `B ${tag}`, formType: "contact" });
    await t.db.update(requests).set({ state: "quoted" }).where(eq(requests.id, b.id));
    expect(await ids(`${q(tag)}&type=booking`)).toEqual([a.id]);
    expect(await ids(`${q(tag)}&type=contact`)).toEqual([b.id]);
    expect(await ids(`${q(tag)}&state=quoted`)).toEqual([b.id]);
    expect(await ids(`${q(tag)}&state=new,quoted&sort=oldest`)).toEqual([a.id, b.id]);
    expect(await ids(`${q(tag)}&state=done`)).toEqual([]);
  });

  it("dates are London calendar days, across summer and winter time", async () => {
    const tag = uniqueTag("date");
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST); on 1 December it is still 1 December.
    const summer = await seedRequest({ tag, name: `Summer ${tag}` });
    const winter = await seedRequest({ tag, name: `Winter ${tag}` });
    await t.db
      .update(requests)
      .set({ submittedAt: new Date("2026-07-01T23:30:00Z") })
      .where(eq(requests.id, summer.id));
    await t.db
      .update(requests)
      .set({ submittedAt: new Date("2026-12-01T23:30:00Z") })
      .where(eq(requests.id, winter.id));
    expect(await ids(`${q(tag)}&from=2026-07-02&to=2026-07-02`)).toEqual([summer.id]);
    expect(await ids(`${q(tag)}&to=2026-07-01`)).toEqual([]);
    expect(await ids(`${q(tag)}&from=2026-12-01&to=2026-12-01`)).toEqual([winter.id]);
    expect(await ids(`${q(tag)}&from=2026-12-02`)).toEqual([]);
    expect(await ids(`${q(tag)}&from=2026-07-01&to=2026-12-31`)).toEqual([winter.id, summer.id]);
  });

  it("refuses a bad filter with 400 naming it", async () => {
    const owner = await adminClient();
    for (const query of [
      "type=spam",
      "state=booked",
      "from=2026-13-01",
      "from=yesterday",
      "from=2026-02-02&to=2026-02-01",
      "archived=maybe",
      "sort=random",
      "limit=0",
      "limit=201",
      `q=${"x".repeat(201)}`,
      "cursor=not-a-cursor",
    ]) {
      const res = await owner.call(adminSubmissions, "GET", `/api/admin/submissions?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.code, query).toBe("invalid_filter");
    }
  });
});

describe("keyset pagination", () => {
  async function seedPageSet(tag: string, n: number) {
    const rows = [];
    for (let i = 0; i < n; i++) rows.push(await seedRequest({ tag, name: `Page ${i} ${tag}` }));
    // Ties and microsecond neighbours: a third share one instant, a third are 1 µs apart.
    const base = "2026-03-10 09:00:00.000000+00";
    for (const [i, r] of rows.entries()) {
      if (i % 3 === 0) {
        await t.db
          .update(requests)
          .set({ submittedAt: sql`${base}::timestamptz` })
          .where(eq(requests.id, r.id));
      } else if (i % 3 === 1) {
        await t.db
          .update(requests)
          .set({ submittedAt: sql`${`2026-03-10 09:00:00.${String(i).padStart(6, "0")}+00`}::timestamptz` })
          .where(eq(requests.id, r.id));
      }
    }
    return rows.map((r) => r.id);
  }

  for (const sort of ["newest", "oldest"] as const) {
    it(`pages through every row once, ${sort} first, while new rows arrive`, async () => {
      const owner = await adminClient();
      const tag = uniqueTag("page");
      const original = await seedPageSet(tag, 23);
      const seen: number[] = [];
      const arrived: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await owner.call(
          adminSubmissions,
          "GET",
          `/api/admin/submissions?${q(tag)}&sort=${sort}&limit=4${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(res.status, res.text).toBe(200);
        seen.push(...res.json.submissions.map((s: { id: number }) => s.id));
        cursor = res.json.nextCursor;
        // A new request arrives between every two pages.
        arrived.push((await seedRequest({ tag, name: `Late ${pages} ${tag}` })).id);
        pages += 1;
      } while (cursor && pages < 50);
      expect(new Set(seen).size, "no duplicates").toBe(seen.length);
      expect(seen.filter((id) => original.includes(id)).sort((a, b) => a - b)).toEqual(
        [...original].sort((a, b) => a - b),
      );
      if (sort === "newest") {
        // Rows newer than the first page never push older rows onto a later page.
        expect(seen.every((id) => original.includes(id))).toBe(true);
      }
      // Strict order by (submitted_at, id).
      const rows = await t.db
        .select({ id: requests.id, at: sql<string>`${requests.submittedAt}::text` })
        .from(requests)
        .where(
          sql`${requests.id} in (${sql.join(
            seen.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
        .orderBy(sort === "newest" ? sql`submitted_at desc, id desc` : sql`submitted_at asc, id asc`);
      expect(seen).toEqual(rows.map((r) => r.id));
      expect(arrived.length).toBe(pages);
    });
  }

  it("a word search gives the same pages whether its matches are found in the first rows or through the index", async () => {
    const tag = uniqueTag("dense");
    for (let i = 0; i < 30; i++) {
      await seedRequest({
        tag,
        name: `Dense ${i} ${tag}`,
        message: i % 3 === 0 ? `Ceiling crack ${tag}` : `Door ${tag}`,
      });
    }
    const walk = async (scanRows: number, sort: "newest" | "oldest") => {
      const seen: number[] = [];
      let cursor: Cursor | null = null;
      do {
        const page = await listPage({ q: `ceiling ${tag}`, sort }, { cursor, limit: 3, scanRows });
        seen.push(...page.rows.map((r) => r.id));
        cursor = page.next;
      } while (cursor);
      return seen;
    };
    for (const sort of ["newest", "oldest"] as const) {
      const reference = await walk(100_000, sort);
      expect(reference).toHaveLength(10);
      // A small first scan: some pages fill from it, others fall back to the index.
      for (const scanRows of [1, 4, 9, 30])
        expect(await walk(scanRows, sort), `${sort} ${scanRows}`).toEqual(reference);
    }
  });

  it("a cursor for one sort is refused for the other", async () => {
    const owner = await adminClient();
    const tag = uniqueTag("cur");
    await seedPageSet(tag, 3);
    const first = await owner.call(adminSubmissions, "GET", `/api/admin/submissions?${q(tag)}&limit=1`);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const other = await owner.call(
      adminSubmissions,
      "GET",
      `/api/admin/submissions?${q(tag)}&limit=1&sort=oldest&cursor=${first.json.nextCursor}`,
    );
    expect(other.status).toBe(400);
    expect(other.json.error.code).toBe("invalid_filter");
  });
});

/** RFC 4180 parser for the tests: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else throw new Error(`unexpected ${JSON.stringify(c)} outside quotes at ${i}`);
  }
  if (field || row.length) throw new Error("last record not terminated by CRLF");
  return rows;
}

describe("CSV export", () => {
  it("neutralises formulas, keeps commas, quotes and line breaks in their cell, starts with a BOM", async () => {
    const owner = await adminClient();
    const tag = uniqueTag("csv");
    const evil = await seedRequest({
      tag,
      name: '=HYPERLINK("x")',
      message: `Line one, with a comma\nLine "two" ${tag}`,
    });
    const others = [];
    for (const start of ["+", "-", "@", "\t", "\r"]) {
      others.push(await seedRequest({ tag, name: `${start}SUM(A1) ${tag}`, message: `Start ${tag}` }));
    }
    const res = await owner.call(
      adminSubmissions,
      "GET",
      `/api/admin/submissions/export.csv?${q(tag)}&sort=oldest`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual([
      "Reference",
      "Type",
      "State",
      "Received",
      "Name",
      "Email",
      "Phone",
      "Address",
      "Service",
      "Message",
      "Read",
      "Archived",
      "State changed",
    ]);
    expect(rows).toHaveLength(1 + 1 + others.length);
    const first = rows[1]!;
    expect(first[0]).toBe(requestReference(evil));
    expect(first[4]).toBe(`'=HYPERLINK("x")`);
    expect(first[9]).toBe(`Line one, with a comma\nLine "two" ${tag}`);
    expect(first[6]).toBe("07700 900123");
    expect(first[8]).toBe("Plumbing & Heating");
    expect(res.text).toContain(`"'=HYPERLINK(""x"")"`);
    for (const [i, row] of rows.slice(2).entries()) {
      expect(row[4]!.startsWith("'"), JSON.stringify(row[4])).toBe(true);
      expect(row[0]).toBe(requestReference(others[i]!));
    }
  });

  it("exports exactly the filtered rows, every one once, reading a page at a time", async () => {
    const tag = uniqueTag("csvp");
    const rows = [];
    for (let i = 0; i < 11; i++) rows.push(await seedRequest({ tag, name: `Row ${i} ${tag}` }));
    await t.db.update(requests).set({ state: "done" }).where(eq(requests.id, rows[0]!.id));
    const bytes = await new Response(
      exportCsv({ q: tag, sort: "oldest", states: ["new"] }, t.db, 3),
    ).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const parsed = parseCsv(text.slice(1));
    expect(parsed.slice(1).map((r) => r[0])).toEqual(rows.slice(1).map((r) => requestReference(r)));
  });

  it("a cell is neutralised only when it starts with a formula character", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("+44 7700 900123")).toBe(`"'+44 7700 900123"`);
    expect(csvCell("-5")).toBe(`"'-5"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("a=b")).toBe(`"a=b"`);
    expect(csvCell('say "hi"')).toBe(`"say ""hi"""`);
    expect(csvCell(null)).toBe(`""`);
  });
});

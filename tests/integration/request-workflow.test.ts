/**
 * The request lifecycle on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts):
 * every state change each actor may or may not make, the history row each change writes, notes,
 * archive, bulk actions, deletes that take the e-mails with them, the migration of rows stored
 * before states existed, and the admin routes' guards. Every test owns its rows and checks only
 * those; the dashboard's "needs attention", which counts every row, has its own file and database
 * (request-attention.test.ts).
 */
import { PGlite } from "@electric-sql/pglite";
import { eq, inArray } from "drizzle-orm";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import adminAttention from "../../netlify/functions/admin-attention.mts";
import adminHistory from "../../netlify/functions/admin-history.mts";
import adminNotes from "../../netlify/functions/admin-notes.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import adminPerson from "../../netlify/functions/admin-person.mts";
import {
  requestActors,
  requestStates,
  transitions,
  type RequestActor,
  type RequestState,
} from "../../src/features/requests/contract/states";
import { requests, mailOutbox, requestHistory, requestNotes } from "../../src/features/tables";
import { migrationsFolder } from "../../src/platform/db/migrate";
import { queueRequestMail } from "../../src/features/mail/service";
import { Conflict } from "../../src/platform/domain-errors";
import { serviceContext, type Actor } from "../../src/platform/context";
import * as workflow from "../../src/features/requests/service-workflow";
import { useTestDatabase } from "../helpers/db";
import { adminClient, seedRequest, uniqueTag } from "../helpers/admin";

const t = useTestDatabase();

/** One actor of each role, for driving the rules directly. */
const sampleActor: Record<RequestActor, Actor> = {
  owner: { kind: "owner" },
  customer: { kind: "customer", link: "request" },
  website: { kind: "website", form: "/api/bookings" },
  system: { kind: "job", name: "quote-expiry" },
};

async function forceState(id: number, state: RequestState, changedAt?: Date) {
  await t.db
    .update(requests)
    .set({ state, ...(changedAt ? { stateChangedAt: changedAt } : {}) })
    .where(eq(requests.id, id));
}

const historyOf = (id: number) =>
  t.db.select().from(requestHistory).where(eq(requestHistory.submissionId, id)).orderBy(requestHistory.id);

describe("state changes", () => {
  it("a new request starts as new, unread, not archived, with no history", async () => {
    const r = await seedRequest();
    expect(r).toMatchObject({ state: "new", isRead: false, archivedAt: null });
    expect(await historyOf(r.id)).toEqual([]);
  });

  // One test per actor, each with its own budget: 56 changes apiece. The rows are stored in one
  // insert and checked in two queries; the changes run a few at a time (each is its own
  // transaction, as the owner's and the customer's are). The test stops at its timeout (`signal`),
  // so a slow run cannot go on writing while the next test runs.
  it.for(requestActors)(
    "allows exactly the listed changes for %s, and records each one",
    async (actor, { signal }) => {
      const pairs = requestStates.flatMap((from) =>
        requestStates.filter((to) => to !== from).map((to) => ({ from, to })),
      );
      const tag = uniqueTag(`moves-${actor}`);
      const stored = await t.db
        .insert(requests)
        .values(
          pairs.map(({ from }, i) => ({
            formType: "contact",
            name: `Move Test ${i}`,
            email: `${tag}-${i}@example.com`,
            phone: "07700 900123",
            message: `State change test ${tag}`,
            state: from,
          })),
        )
        .returning({ id: requests.id });
      const cases = pairs.map((p, i) => ({
        ...p,
        id: stored[i]!.id,
        allowed: transitions[actor][p.from].includes(p.to),
        label: `${actor}: ${p.from} → ${p.to}`,
      }));

      const outcomes: PromiseSettledResult<unknown>[] = [];
      for (let i = 0; i < cases.length; i += 8) {
        signal.throwIfAborted();
        const batch = cases.slice(i, i + 8);
        outcomes.push(
          ...(await Promise.allSettled(
            batch.map((c) =>
              workflow.changeState(
                c.id,
                c.to,
                c.allowed ? { note: `by ${actor}` } : {},
                serviceContext({ actor: sampleActor[actor] }),
              ),
            ),
          )),
        );
      }

      const ids = cases.map((c) => c.id);
      const rows = new Map(
        (await t.db.select().from(requests).where(inArray(requests.id, ids))).map((r) => [r.id, r]),
      );
      const history = await t.db
        .select()
        .from(requestHistory)
        .where(inArray(requestHistory.submissionId, ids))
        .orderBy(requestHistory.id);
      cases.forEach((c, i) => {
        const outcome = outcomes[i]!;
        const written = history.filter((h) => h.submissionId === c.id);
        if (c.allowed) {
          expect(outcome.status, c.label).toBe("fulfilled");
          expect(rows.get(c.id)!.state, c.label).toBe(c.to);
          expect(written, c.label).toHaveLength(1);
          expect(written[0], c.label).toMatchObject({
            fromState: c.from,
            toState: c.to,
            actor,
            note: `by ${actor}`,
          });
        } else {
          expect(outcome.status, c.label).toBe("rejected");
          const reason = (outcome as PromiseRejectedResult).reason;
          expect(reason, c.label).toBeInstanceOf(Conflict);
          expect(reason, c.label).toMatchObject({ code: "invalid_transition" });
          expect(rows.get(c.id)!.state, c.label).toBe(c.from);
          expect(written, c.label).toEqual([]);
        }
      });
    },
  );

  it("moving to the state a request is already in records nothing", async () => {
    const r = await seedRequest();
    const same = await workflow.changeState(r.id, "new", {});
    expect(same.state).toBe("new");
    expect(await historyOf(r.id)).toEqual([]);
  });

  it("the owner moves a booking new → contacted → quoted → done over HTTP, with a note, and reads the history", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    const steps: [RequestState, string | undefined][] = [
      ["contacted", "Phoned, visiting Tuesday to measure up"],
      ["quoted", "£450 for both rooms"],
      ["done", undefined],
    ];
    for (const [state, note] of steps) {
      const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
        body: { state, ...(note ? { note } : {}) },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.submission).toMatchObject({
        id: r.id,
        state,
        reference: `KB-${String(r.id).padStart(6, "0")}`,
      });
    }
    const history = await owner.call(adminHistory, "GET", `/api/admin/history?submissionId=${r.id}`);
    expect(history.status).toBe(200);
    expect(history.json.history).toMatchObject([
      { fromState: "new", toState: "contacted", actor: "owner", note: steps[0]![1] },
      { fromState: "contacted", toState: "quoted", actor: "owner", note: steps[1]![1] },
      { fromState: "quoted", toState: "done", actor: "owner", note: null },
    ]);
    // Reading does not change the state, and the state does not change the read flag.
    const read = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
      body: { isRead: true },
    });
    expect(read.json.submission).toMatchObject({ state: "done", isRead: true });
  });

  it("refuses a change the owner may not make with 409 and stores nothing", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    await forceState(r.id, "lost");
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
      body: { state: "done", note: "should not be kept", isRead: true },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("invalid_transition");
    const [row] = await t.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row).toMatchObject({ state: "lost", isRead: false });
    expect(await historyOf(r.id)).toEqual([]);
  });

  it("refuses malformed changes with 422, and unknown ids with 404", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    for (const body of [{}, { state: "booked" }, { isRead: "yes" }, { note: "no state" }, { archived: 1 }]) {
      const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const long = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
      body: { state: "contacted", note: "x".repeat(1001) },
    });
    expect(long.status).toBe(422);
    for (const path of ["/api/admin/submissions/999999", "/api/admin/submissions/abc"]) {
      const res = await owner.call(adminSubmissions, "PATCH", path, { body: { state: "contacted" } });
      expect(res.status, path).toBe(404);
    }
  });

  it("marking spam also marks it read and hides it from the default inbox; restoring brings it back", async () => {
    const owner = await adminClient();
    const tag = uniqueTag("spam");
    const r = await seedRequest({ tag });
    const spam = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
      body: { state: "spam" },
    });
    expect(spam.json.submission).toMatchObject({ state: "spam", isRead: true });
    const ids = async (query: string) =>
      (
        await owner.call(adminSubmissions, "GET", `/api/admin/submissions?q=${tag}${query}`)
      ).json.submissions.map((s: { id: number }) => s.id);
    expect(await ids("")).toEqual([]);
    expect(await ids("&state=spam")).toEqual([r.id]);
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, { body: { state: "new" } });
    expect(await ids("")).toEqual([r.id]);
  });
});

describe("archive", () => {
  it("hides a request from the default view without deleting it, and brings it back", async () => {
    const owner = await adminClient();
    const tag = uniqueTag("arch");
    const r = await seedRequest({ tag });
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
      body: { archived: true },
    });
    expect(res.status).toBe(200);
    expect(res.json.submission.archivedAt).toEqual(expect.any(String));
    const list = async (archived: string) =>
      (
        await owner.call(adminSubmissions, "GET", `/api/admin/submissions?q=${tag}${archived}`)
      ).json.submissions.map((s: { id: number }) => s.id);
    expect(await list("")).toEqual([]);
    expect(await list("&archived=true")).toEqual([r.id]);
    expect(await list("&archived=all")).toEqual([r.id]);
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${r.id}`, {
      body: { archived: false },
    });
    expect(await list("")).toEqual([r.id]);
    expect(await list("&archived=true")).toEqual([]);
  });
});

describe("notes", () => {
  it("adds, edits and deletes private notes, oldest first, with their times", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    const list = `/api/admin/notes?submissionId=${r.id}`;
    const first = await owner.call(adminNotes, "POST", "/api/admin/notes", {
      body: { submissionId: r.id, body: "  Gate code 4412  " },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json.note).toMatchObject({ submissionId: r.id, body: "Gate code 4412" });
    const second = await owner.call(adminNotes, "POST", "/api/admin/notes", {
      body: { submissionId: r.id, body: "Dog in the garden" },
    });
    const edited = await owner.call(adminNotes, "PATCH", `/api/admin/notes/${first.json.note.id}`, {
      body: { body: "Gate code 4413" },
    });
    expect(edited.status).toBe(200);
    expect(new Date(edited.json.note.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.json.note.createdAt).getTime(),
    );
    const listed = await owner.call(adminNotes, "GET", list);
    expect(listed.json.notes.map((n: { body: string }) => n.body)).toEqual([
      "Gate code 4413",
      "Dog in the garden",
    ]);
    expect((await owner.call(adminNotes, "DELETE", `/api/admin/notes/${second.json.note.id}`)).status).toBe(
      204,
    );
    expect((await owner.call(adminNotes, "GET", list)).json.notes).toHaveLength(1);
    expect((await owner.call(adminNotes, "DELETE", `/api/admin/notes/${second.json.note.id}`)).status).toBe(
      404,
    );
    // An empty or overlong note, a missing request.
    for (const body of [
      { submissionId: r.id, body: "   " },
      { submissionId: r.id, body: "x".repeat(2001) },
      { body: "x" },
    ]) {
      expect((await owner.call(adminNotes, "POST", "/api/admin/notes", { body })).status).toBe(422);
    }
    expect(
      (
        await owner.call(adminNotes, "POST", "/api/admin/notes", {
          body: { submissionId: 999_999, body: "x" },
        })
      ).status,
    ).toBe(404);
    expect((await owner.call(adminNotes, "GET", "/api/admin/notes?submissionId=999999")).status).toBe(404);
    expect((await owner.call(adminHistory, "GET", "/api/admin/history?submissionId=999999")).status).toBe(
      404,
    );
    expect((await owner.call(adminHistory, "GET", "/api/admin/history?submissionId=abc")).status).toBe(400);
    // Notes go with their request.
    await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${r.id}`);
    expect(await t.db.select().from(requestNotes).where(eq(requestNotes.submissionId, r.id))).toEqual([]);
  });
});

describe("bulk actions", () => {
  it("sets a state on many requests at once, skipping those it is not allowed for and naming missing ids", async () => {
    const owner = await adminClient();
    const a = await seedRequest();
    const b = await seedRequest();
    const done = await seedRequest();
    await forceState(done.id, "done");
    const res = await owner.call(adminSubmissions, "POST", "/api/admin/submissions/bulk", {
      body: { ids: [a.id, b.id, done.id, 999_999], action: "state", state: "lost", note: "No answer" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      changed: [a.id, b.id].sort((x, y) => x - y),
      skipped: [done.id],
      missing: [999_999],
    });
    for (const id of [a.id, b.id]) {
      expect(await historyOf(id)).toMatchObject([
        { fromState: "new", toState: "lost", actor: "owner", note: "No answer" },
      ]);
    }
    expect(await historyOf(done.id)).toEqual([]);
  });

  it("marks read and unread, archives, marks spam and deletes, each in one call", async () => {
    const owner = await adminClient();
    const rows = await Promise.all([seedRequest(), seedRequest(), seedRequest()]);
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    const bulk = (body: object) =>
      owner.call(adminSubmissions, "POST", "/api/admin/submissions/bulk", { body: { ids, ...body } });
    const current = () => t.db.select().from(requests).where(inArray(requests.id, ids));

    expect((await bulk({ action: "read" })).json.changed).toEqual(ids);
    expect((await current()).every((r) => r.isRead)).toBe(true);
    await bulk({ action: "unread" });
    expect((await current()).every((r) => !r.isRead)).toBe(true);
    await bulk({ action: "archive" });
    expect((await current()).every((r) => r.archivedAt !== null)).toBe(true);
    await bulk({ action: "unarchive" });
    expect((await current()).every((r) => r.archivedAt === null)).toBe(true);
    await bulk({ action: "spam" });
    expect((await current()).every((r) => r.state === "spam" && r.isRead)).toBe(true);

    for (const r of rows) await queueRequestMail(r, t.db);
    const deleted = await bulk({ action: "delete" });
    expect(deleted.json.changed).toEqual(ids);
    expect(await current()).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(inArray(mailOutbox.submissionId, ids))).toEqual([]);
    expect(await t.db.select().from(requestHistory).where(inArray(requestHistory.submissionId, ids))).toEqual(
      [],
    );
  });

  it("refuses an empty, oversized or unknown bulk action", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    for (const body of [
      { ids: [], action: "read" },
      { ids: [r.id], action: "explode" },
      { ids: [r.id], action: "state" },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1), action: "read" },
    ]) {
      const res = await owner.call(adminSubmissions, "POST", "/api/admin/submissions/bulk", { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
  });
});

describe("delete", () => {
  it("deletes a request with its history, notes and every e-mail about it", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    await workflow.changeState(r.id, "contacted", {});
    await workflow.addNote(r.id, "private");
    await queueRequestMail(r, t.db);
    expect((await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${r.id}`)).status).toBe(204);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, r.id))).toEqual([]);
    expect(await t.db.select().from(requestNotes).where(eq(requestNotes.submissionId, r.id))).toEqual([]);
    expect(await historyOf(r.id)).toEqual([]);
    expect((await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${r.id}`)).status).toBe(404);
  });
});

describe("admin routes of the workflow", () => {
  it("answer 401 without a session and 403 to a change from another origin", async () => {
    const owner = await adminClient();
    const r = await seedRequest();
    const routes = [
      { h: adminSubmissions, m: "GET", p: "/api/admin/submissions?state=new" },
      { h: adminSubmissions, m: "GET", p: "/api/admin/submissions/export.csv" },
      {
        h: adminSubmissions,
        m: "POST",
        p: "/api/admin/submissions/bulk",
        b: { ids: [r.id], action: "read" },
      },
      { h: adminSubmissions, m: "PATCH", p: `/api/admin/submissions/${r.id}`, b: { state: "contacted" } },
      { h: adminHistory, m: "GET", p: `/api/admin/history?submissionId=${r.id}` },
      { h: adminNotes, m: "GET", p: `/api/admin/notes?submissionId=${r.id}` },
      { h: adminNotes, m: "POST", p: "/api/admin/notes", b: { submissionId: r.id, body: "x" } },
      { h: adminNotes, m: "PATCH", p: "/api/admin/notes/1", b: { body: "x" } },
      { h: adminNotes, m: "DELETE", p: "/api/admin/notes/1" },
      { h: adminAttention, m: "GET", p: "/api/admin/attention" },
      { h: adminPerson, m: "POST", p: "/api/admin/person/search", b: { email: r.email } },
      { h: adminPerson, m: "POST", p: "/api/admin/person/export", b: { email: r.email } },
      { h: adminPerson, m: "POST", p: "/api/admin/person/erase", b: { email: r.email } },
      { h: adminPerson, m: "GET", p: "/api/admin/person/audit" },
    ];
    for (const route of routes) {
      const opts = route.b ? { body: route.b } : {};
      const anon = await owner.call(route.h, route.m, route.p, { ...opts, anonymous: true });
      expect(anon.status, `${route.m} ${route.p}`).toBe(401);
      if (route.m !== "GET") {
        const evil = await owner.call(route.h, route.m, route.p, { ...opts, origin: "https://evil.example" });
        expect(evil.status, `${route.m} ${route.p}`).toBe(403);
      }
    }
    // Nothing changed: still new, no notes, still there.
    const [row] = await t.db.select().from(requests).where(eq(requests.id, r.id));
    expect(row!.state).toBe("new");
  });

  it("answer 405 with Allow for a method a path does not take", async () => {
    const owner = await adminClient();
    const cases = [
      { h: adminSubmissions, m: "POST", p: "/api/admin/submissions/export.csv", allow: "GET" },
      { h: adminSubmissions, m: "GET", p: "/api/admin/submissions/bulk", allow: "POST" },
      { h: adminHistory, m: "POST", p: "/api/admin/history", allow: "GET" },
      { h: adminNotes, m: "PUT", p: "/api/admin/notes", allow: "GET, POST" },
      { h: adminNotes, m: "POST", p: "/api/admin/notes/1", allow: "PATCH, DELETE" },
      { h: adminPerson, m: "GET", p: "/api/admin/person/erase", allow: "POST" },
    ];
    for (const c of cases) {
      const res = await owner.call(c.h, c.m, c.p, c.m === "GET" ? {} : { body: {} });
      expect(res.status, `${c.m} ${c.p}`).toBe(405);
      expect(res.headers.get("allow")).toBe(c.allow);
    }
  });
});

describe("migration of rows stored before states existed", () => {
  it("makes unread rows new and read rows contacted", async () => {
    const files = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const workflowIndex = files.findIndex((f) => f.endsWith("_request_workflow.sql"));
    expect(workflowIndex).toBeGreaterThan(0);
    const statements = (f: string) =>
      readFileSync(`${migrationsFolder}/${f}`, "utf8")
        .split("--> statement-breakpoint")
        .filter((s) => s.trim());
    const insert = `insert into form_submissions (name, email, phone, message, form_type, is_read)
      values ('Unread One', 'u@example.com', '07700 900001', 'hello', 'contact', false),
             ('Read One', 'r@example.com', '07700 900002', 'hello', 'contact', true)`;
    const check = `select name, state from form_submissions order by name`;

    let rows: { name: string; state: string }[];
    if (t.kind === "pglite") {
      const pg = await PGlite.create();
      try {
        for (const f of files.slice(0, workflowIndex)) for (const s of statements(f)) await pg.exec(s);
        await pg.exec(insert);
        for (const f of files.slice(workflowIndex)) for (const s of statements(f)) await pg.exec(s);
        rows = (await pg.query<{ name: string; state: string }>(check)).rows;
      } finally {
        await pg.close();
      }
    } else {
      const server = process.env["TEST_DATABASE_URL"]!;
      const name = `handyman_migration_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        for (const f of files.slice(0, workflowIndex)) for (const s of statements(f)) await db.query(s);
        await db.query(insert);
        for (const f of files.slice(workflowIndex)) for (const s of statements(f)) await db.query(s);
        rows = (await db.query<{ name: string; state: string }>(check)).rows;
      } finally {
        await db.end();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    }
    expect(rows.map((r) => ({ name: r.name, state: r.state }))).toEqual([
      { name: "Read One", state: "contacted" },
      { name: "Unread One", state: "new" },
    ]);
  }, 120_000); // a fresh database and every migration: slow on a busy machine

  it("the database refuses a state, actor or note the rules do not know", async () => {
    const r = await seedRequest();
    await expect(
      t.db.update(requests).set({ state: "booked" }).where(eq(requests.id, r.id)),
    ).rejects.toThrow();
    await expect(
      t.db.insert(requestHistory).values({ submissionId: r.id, toState: "done", actor: "robot" }),
    ).rejects.toThrow();
    await expect(t.db.insert(requestNotes).values({ submissionId: r.id, body: "" })).rejects.toThrow();
  });
});

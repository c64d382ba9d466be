import { describe, expect, it } from "vitest";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, GeoPoint, Timestamp } from "firebase-admin/firestore";
import fc from "fast-check";
import { toWire } from "../../support/wire";

describe("toWire", () => {
  it("turns Timestamps and Dates into ISO-8601 UTC and references into paths, at any depth", () => {
    // A client that never connects: a DocumentReference is built locally.
    const db = getFirestore(initializeApp({ projectId: "demo-serialize" }, "serialize-test"));
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 30, 9, 8, 7, 6));
    const doc = {
      at,
      when: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)),
      owner: db.doc("workspaces/acme/members/u1"),
      nested: { list: [at, { deep: [new Date(0)] }], n: 1, s: "x", b: false, none: null },
    };
    expect(toWire(doc)).toEqual({
      at: "2026-11-30T09:08:07.006Z",
      when: "2025-01-02T03:04:05.000Z",
      owner: "workspaces/acme/members/u1",
      nested: {
        list: ["2026-11-30T09:08:07.006Z", { deep: ["1970-01-01T00:00:00.000Z"] }],
        n: 1,
        s: "x",
        b: false,
        none: null,
      },
    });
  });

  it("drops undefined fields, keeps array slots, copies rather than aliases", () => {
    const input = { a: undefined, b: [undefined, 1], c: { d: undefined, e: 2 } };
    const out = toWire(input) as Record<string, unknown>;
    expect(out).toStrictEqual({ b: [undefined, 1], c: { e: 2 } });
    expect(Object.keys(out)).toEqual(["b", "c"]);
    expect(out.c).not.toBe(input.c);
    expect(out.b).not.toBe(input.b);
  });

  it("copies objects without a prototype, class instances and other non-plain values field by field", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { x: 1 });
    class Row {
      y = 2;
      get computed() {
        return 3;
      }
    }
    expect(toWire({ bare, row: new Row(), geo: new GeoPoint(1, 2) })).toEqual({
      bare: { x: 1 },
      row: { y: 2 },
      geo: { _latitude: 1, _longitude: 2 },
    });
  });

  it("keeps a field named __proto__ as a field, never as the copy's prototype", () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>;
    const out = toWire(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(["__proto__", "ok"]);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true},"ok":1}');
  });

  it("passes scalars through", () => {
    for (const v of [null, undefined, 0, -1.5, "", "s", true, false]) expect(toWire(v)).toBe(v);
  });
});

describe("Timestamps to ISO strings", () => {
  it("writes what the Timestamp's own Date writes, nanoseconds rounded as toDate() rounds them", () => {
    const seconds = fc.integer({ min: -62_135_596_800, max: 253_402_300_799 });
    const nanos = fc.integer({ min: 0, max: 999_999_999 });
    fc.assert(
      fc.property(seconds, nanos, (s, n) => {
        const ts = new Timestamp(s, n);
        expect(toWire(ts)).toBe(ts.toDate().toISOString());
        expect(toWire({ at: ts })).toStrictEqual({ at: ts.toDate().toISOString() });
      }),
      { numRuns: 5_000 },
    );
  });
});

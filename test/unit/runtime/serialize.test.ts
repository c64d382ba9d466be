import { describe, expect, it } from "vitest";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, GeoPoint, Timestamp } from "firebase-admin/firestore";
import fc from "fast-check";
import { isWire, toWire, toWireOwned } from "../../../functions/src/runtime/serialize";

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
      nested: { list: ["2026-11-30T09:08:07.006Z", { deep: ["1970-01-01T00:00:00.000Z"] }], n: 1, s: "x", b: false, none: null },
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
    expect(toWire({ bare, row: new Row(), geo: new GeoPoint(1, 2) })).toEqual({ bare: { x: 1 }, row: { y: 2 }, geo: { _latitude: 1, _longitude: 2 } });
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

describe("toWireOwned: toWire in place, for a tree the store owns", () => {
  // A JSON spec where {$ts}, {$date} and {$geo} stand for Firestore values; built twice, so each
  // conversion gets its own fresh tree, as each snap.data() call gives one.
  type Spec = unknown;
  const build = (spec: Spec): unknown => {
    if (Array.isArray(spec)) return spec.map(build);
    if (spec === null || typeof spec !== "object") return spec;
    const o = spec as Record<string, unknown>;
    if (typeof o.$ts === "number") return Timestamp.fromMillis(o.$ts);
    if (typeof o.$date === "number") return new Date(o.$date);
    if (typeof o.$geo === "number") return new GeoPoint(o.$geo, -o.$geo);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, build(v)]));
  };
  const millis = fc.integer({ min: 0, max: 4_102_444_800_000 });
  const leaf = fc.oneof(
    fc.jsonValue({ maxDepth: 0 }),
    millis.map(($ts) => ({ $ts })),
    millis.map(($date) => ({ $date })),
    fc.integer({ min: -89, max: 89 }).map(($geo) => ({ $geo })),
  );
  const tree = fc.letrec<{ node: Spec }>((tie) => ({
    node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node"), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), tie("node"), { maxKeys: 5 })),
  })).node;
  const doc = fc.dictionary(fc.string({ maxLength: 6 }), tree, { maxKeys: 8 });

  it("gives what toWire gives, on generated documents", () => {
    fc.assert(
      fc.property(doc, (spec) => {
        const owned = toWireOwned(build(spec) as Record<string, unknown>);
        expect(owned).toStrictEqual(toWire(build(spec)));
        expect(JSON.stringify(owned)).toBe(JSON.stringify(toWire(build(spec))));
      }),
      { numRuns: 500 },
    );
  });

  it("converts in place: the same objects, Timestamps now strings, undefined fields gone", () => {
    const inner = { at: Timestamp.fromMillis(0), list: [Timestamp.fromMillis(1000), { gone: undefined }] };
    const data: Record<string, unknown> = { inner, gone: undefined, n: 1 };
    const out = toWireOwned(data);
    expect(out).toBe(data);
    expect(out.inner).toBe(inner);
    expect(out).toStrictEqual({ inner: { at: "1970-01-01T00:00:00.000Z", list: ["1970-01-01T00:00:01.000Z", {}] }, n: 1 });
  });

  it("keeps a field named __proto__ as a field", () => {
    const parsed = JSON.parse('{"__proto__": {"at": 1}, "ok": 1}') as Record<string, unknown>;
    const out = toWireOwned(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"at":1},"ok":1}');
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

describe("isWire: when the output check may skip toWire's copy", () => {
  it("is true for JSON values, and then toWire would only copy them", () => {
    // but for a "__proto__" key (fast-check makes them), which isWire leaves to the copy
    const json = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"__proto__":'));
    fc.assert(
      fc.property(json, (v) => {
        expect(isWire(v)).toBe(true);
        expect(toWire(v)).toStrictEqual(v);
      }),
      { numRuns: 5_000 },
    );
  });

  it("is true only where toWire gives an equal copy, on anything", () => {
    const withStoreValues = fc.oneof(fc.anything({ withDate: true, withNullPrototype: true, withSparseArray: true, withMap: true, withTypedArray: true }), fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => ({ at: Timestamp.fromMillis(ms) })));
    fc.assert(
      fc.property(withStoreValues, (v) => {
        if (isWire(v)) expect(toWire(v)).toStrictEqual(v);
      }),
      { numRuns: 5_000 },
    );
  });

  it("is false for what toWire changes: Timestamps, Dates, undefined fields, class instances, __proto__ keys", () => {
    expect(isWire({ a: [{ at: Timestamp.fromMillis(0) }] })).toBe(false);
    expect(isWire({ at: new Date(0) })).toBe(false);
    expect(isWire({ gone: undefined })).toBe(false);
    expect(isWire([1, undefined])).toBe(false);
    expect(isWire({ m: new Map() })).toBe(false);
    expect(isWire(JSON.parse('{"__proto__": {}}'))).toBe(false);
    expect(isWire({ f: () => 1 })).toBe(false);
    expect(isWire({ b: Object.create(null) })).toBe(false);
    expect(isWire({ a: [1, "x", null, true, { b: {} }] })).toBe(true);
  });
});

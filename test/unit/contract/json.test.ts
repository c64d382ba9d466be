import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachEvidenceRef, mapJsonLeaves, walkJson, type JsonPath } from "nova-contract";
import { datamark, untrustedStrings } from "../../../nova/src/runtime/spotlight";

/**
 * The one JSON walker (contracts/src/json.ts) and what walks with it: every value once, in
 * document order, at its path; a skip skips exactly what is inside; the copy is equal and apart.
 */

const at = (root: unknown, path: JsonPath): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);
const isContainer = (v: unknown) => v !== null && typeof v === "object";
/** Values as a walk must see them: the root, then each container's own entries in order. */
function preorder(v: unknown, path: (string | number)[] = [], out: [unknown, JsonPath][] = []): [unknown, JsonPath][] {
  out.push([v, [...path]]);
  if (Array.isArray(v)) v.forEach((item, i) => preorder(item, [...path, i], out));
  else if (isContainer(v)) for (const k of Object.keys(v as object)) preorder((v as never)[k], [...path, k], out);
  return out;
}
/** Keys a caller may send and the product gives meaning to, among arbitrary ones. */
const KEYS = ["evidenceId", "evidenceIds", "untrusted", "data", "0", "__proto__", "toString"];
const jsonWith = (keys: string[]) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.jsonValue({ maxDepth: 1 }),
      fc.array(tie("value"), { maxLength: 4 }),
      // Computed keys: `__proto__` an own property, as JSON.parse makes it.
      fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 3 })), tie("value")), {
          maxLength: 4,
        })
        .map((entries) => Object.fromEntries(entries)),
    ),
  })).value;
const json = jsonWith(KEYS);

describe("walkJson", () => {
  it("visits every value once, in document order, each at its path", () => {
    fc.assert(
      fc.property(json, (value) => {
        const seen: [unknown, JsonPath][] = [];
        walkJson(value, (v, path) => void seen.push([v, [...path]]));
        expect(seen).toEqual(preorder(value));
        for (const [v, path] of seen) expect(Object.is(at(value, path), v)).toBe(true);
      }),
    );
  });

  it("skips exactly what is inside a value its visitor answers false for", () => {
    fc.assert(
      fc.property(json, fc.nat(), (value, pick) => {
        const all = preorder(value).map(([, p]) => p);
        const skipped = all[pick % all.length]!;
        const inside = (p: JsonPath) => p.length > skipped.length && skipped.every((k, i) => p[i] === k);
        const seen: JsonPath[] = [];
        walkJson(value, (_v, path) => {
          seen.push([...path]);
          return JSON.stringify(path) !== JSON.stringify(skipped);
        });
        expect(seen).toEqual(all.filter((p) => !inside(p)));
      }),
    );
  });

  it("gives a primitive or an empty container its one visit", () => {
    for (const v of [null, 1, "s", true, [], {}]) {
      const seen: unknown[] = [];
      walkJson(v, (x, path) => void seen.push([x, [...path]]));
      expect(seen).toEqual([[v, []]]);
    }
  });
});

describe("mapJsonLeaves", () => {
  it("copies: equal to the value, no container shared, the value unchanged", () => {
    fc.assert(
      fc.property(json, (value) => {
        const before = JSON.stringify(value);
        const copy = mapJsonLeaves(value, (v) => v);
        expect(JSON.stringify(copy)).toBe(before);
        const containers = new Set(
          preorder(value)
            .map(([v]) => v)
            .filter(isContainer),
        );
        for (const [v] of preorder(copy)) if (isContainer(v)) expect(containers.has(v)).toBe(false);
        expect(JSON.stringify(value)).toBe(before);
      }),
    );
  });

  it("replaces each leaf by what leaf() answers for it, at the path walkJson gives it", () => {
    fc.assert(
      fc.property(json, (value) => {
        const leaves: [unknown, JsonPath][] = [];
        walkJson(value, (v, path) => void (isContainer(v) ? undefined : leaves.push([v, [...path]])));
        const copy = mapJsonLeaves(value, (_v, path) => JSON.stringify(path));
        for (const [, path] of leaves) expect(at(copy, path)).toBe(JSON.stringify(path));
      }),
    );
  });
});

/**
 * The walks the walker replaced, as they were (contracts/src/envelope.ts, nova/src/runtime/
 * spotlight.ts at the commit before it): what now walks with walkJson must answer as they did.
 */
function evidenceRefsBefore(data: unknown, visit: (id: string) => void): void {
  if (data === null || typeof data !== "object") return;
  if (Array.isArray(data)) {
    for (const item of data) if (item !== null && typeof item === "object") evidenceRefsBefore(item, visit);
    return;
  }
  for (const key in data) {
    if (!Object.prototype.hasOwnProperty.call(data, key)) continue;
    const value = (data as Record<string, unknown>)[key];
    if (key === "evidenceId" && typeof value === "string") visit(value);
    else if (key === "evidenceIds" && Array.isArray(value)) {
      for (const v of value) if (typeof v === "string") visit(v);
    } else if (value !== null && typeof value === "object") evidenceRefsBefore(value, visit);
  }
}
function markBefore(value: unknown, marker: string, untrusted: boolean): unknown {
  if (typeof value === "string") return untrusted ? `${marker}${value}` : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => markBefore(v, marker, untrusted));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = markBefore(v, marker, untrusted || k === "untrusted");
  return out;
}

const noProtoKey = jsonWith(KEYS.filter((k) => k !== "__proto__")).filter(
  (value) => !preorder(value).some(([, path]) => path.includes("__proto__")),
);

describe("the walks on walkJson answer as before", () => {
  it("forEachEvidenceRef: the same ids in the same order, repeats included", () => {
    fc.assert(
      fc.property(json, (value) => {
        const now: string[] = [];
        const before: string[] = [];
        forEachEvidenceRef(value, (id) => now.push(id));
        evidenceRefsBefore(value, (id) => before.push(id));
        expect(now).toEqual(before);
      }),
    );
  });

  it("datamark and untrustedStrings: the same strings marked, the same copy", () => {
    // A marker and no whitespace in the strings' place: datamarkText adds the marker in front.
    const marker = "‹m›";
    fc.assert(
      // The walk before copied by assignment, so a `__proto__` key (ours, or one fc.jsonValue
      // writes at any depth) never reaches it: the test below holds that case on its own.
      fc.property(noProtoKey, (value) => {
        const noSpace = mapJsonLeaves(value, (v) => (typeof v === "string" ? v.replace(/\s/g, "") : v));
        const marked = datamark(noSpace, marker);
        expect(JSON.stringify(marked)).toBe(JSON.stringify(markBefore(noSpace, marker, false)));
        expect(untrustedStrings(marked).every((s) => s.startsWith(marker))).toBe(true);
        expect(untrustedStrings(marked).map((s) => s.slice(marker.length))).toEqual(untrustedStrings(noSpace));
      }),
    );
  });

  it("datamark keeps a `__proto__` key as a key (the copy by assignment made it the copy's prototype)", () => {
    const value = JSON.parse('{"untrusted":{"__proto__":{"text":"ignore previous"}}}') as Record<string, unknown>;
    const marked = datamark(value, "‹m›") as { untrusted: object };
    expect(Object.getPrototypeOf(marked.untrusted)).toBe(Object.prototype);
    expect(JSON.stringify(marked)).toBe('{"untrusted":{"__proto__":{"text":"‹m›ignore ‹m›previous"}}}');
    expect(untrustedStrings(value)).toEqual(["ignore previous"]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, requestKey } from "../../../nova/src/validator/canonical";

/** The value with the keys of every object in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

describe("canonicalJson", () => {
  it("is JSON that reads back as the value, whatever the key order, for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(canonicalJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
        expect(canonicalJson(reversed(v))).toBe(canonicalJson(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("escapes strings as JSON.stringify does", () => {
    const strings = [
      "plain",
      'a "quote"',
      "back\\slash",
      "line\nbreak",
      "tab\t",
      "\u0000",
      "\u001f",
      "\u2028",
      "emoji \u{1F600}",
      "lone \ud800",
      "\udc00 lone",
      "é",
      "",
    ];
    for (const s of strings) {
      expect(canonicalJson(s), JSON.stringify(s)).toBe(JSON.stringify(s));
      expect(canonicalJson({ [s]: s }), JSON.stringify(s)).toBe(JSON.stringify({ [s]: s }));
    }
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(canonicalJson(s)).toBe(JSON.stringify(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes numbers as JSON.stringify does", () => {
    for (const n of [0, -0, 1, -1.5, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.NaN, Infinity, -Infinity])
      expect(canonicalJson(n)).toBe(JSON.stringify(n));
  });

  it("treats undefined as JSON.stringify does (a field left out, an array item null) and refuses it alone", () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
    expect(canonicalJson([undefined, 2])).toBe("[null,2]");
  });

  it("keys a request by tool and canonical arguments; null and {} are the same arguments", () => {
    expect(requestKey("search_trend_signals", { query: "ai", limit: 5 })).toBe(
      requestKey("search_trend_signals", { limit: 5, query: "ai" }),
    );
    expect(requestKey("search_trend_signals", { query: "ai", limit: 5 })).toBe(
      'search_trend_signals {"limit":5,"query":"ai"}',
    );
    expect(requestKey("get_operator_feed", null)).toBe(requestKey("get_operator_feed", {}));
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coveredWindow, daysBefore, inWindow, isoFromMillis, isoUtc, millisOfIso, startOfUtcDay } from "../../../functions/src/compute/time";

const d = (iso: string) => new Date(iso);

describe("time windows", () => {
  it("startOfUtcDay and daysBefore give whole UTC days", () => {
    expect(startOfUtcDay(d("2026-11-30T23:59:59.999Z")).toISOString()).toBe("2026-11-30T00:00:00.000Z");
    const w = daysBefore(d("2026-11-30T00:00:00Z"), 28);
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual(["2026-11-02T00:00:00.000Z", "2026-11-30T00:00:00.000Z"]);
  });

  it("isoUtc drops zero milliseconds only", () => {
    expect(isoUtc(d("2026-11-02T00:00:00.000Z"))).toBe("2026-11-02T00:00:00Z");
    expect(isoUtc(d("2026-11-02T00:00:00.001Z"))).toBe("2026-11-02T00:00:00.001Z");
  });

  it("isoFromMillis writes what Date.prototype.toISOString writes, for every instant", () => {
    const same = (ms: number) => expect(isoFromMillis(ms)).toBe(new Date(ms).toISOString());
    // the fast path's edges, leap days and centuries, and the other side of each edge
    for (const iso of ["1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z", "2100-03-01T00:00:00.000Z", "2400-02-29T12:00:00.010Z", "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "+010000-01-01T00:00:00.000Z", "-000001-01-01T00:00:00.000Z"]) {
      same(Date.parse(iso));
    }
    const MAX = 8.64e15;
    fc.assert(fc.property(fc.integer({ min: -MAX, max: MAX }), (ms) => { same(ms); }), { numRuns: 20_000 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => { same(ms); }), { numRuns: 20_000 });
    // what Date does with a fraction (truncates) and with no instant at all (throws)
    same(1_764_000_000_123.9);
    expect(() => isoFromMillis(Number.NaN)).toThrow(RangeError);
    expect(() => isoFromMillis(MAX + 1)).toThrow(RangeError);
  });

  it("millisOfIso reads what Date.parse reads, for every string", () => {
    const same = (iso: string) => expect(Object.is(millisOfIso(iso), Date.parse(iso)), iso).toBe(true);
    const instant = fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 });
    // the stored forms, from every instant of years 0000-9999, with and without milliseconds
    fc.assert(
      fc.property(instant, (ms) => {
        const iso = new Date(ms).toISOString();
        same(iso);
        same(`${iso.slice(0, 19)}Z`);
      }),
      { numRuns: 20_000 },
    );
    // the same shapes with any digits and separators: invalid dates, 24:00, leap days, other letters
    const digit = fc.constantFrom(..."0123456789");
    const d = (k: number) => fc.string({ unit: digit, minLength: k, maxLength: k });
    const sep = (c: string) => fc.constantFrom(c, c, c, "x", "-", ":", " ", "t", "z");
    const shaped = fc
      .tuple(d(4), sep("-"), d(2), sep("-"), d(2), sep("T"), d(2), sep(":"), d(2), sep(":"), d(2), fc.option(fc.tuple(sep("."), d(3))), sep("Z"))
      .map(([y, a, mo, b, dd, t, h, c, mi, e, s, frac, z]) => `${y}${a}${mo}${b}${dd}${t}${h}${c}${mi}${e}${s}${frac ? frac.join("") : ""}${z}`);
    fc.assert(fc.property(shaped, (iso) => { same(iso); }), { numRuns: 20_000 });
    for (const iso of ["2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2100-02-29T00:00:00.000Z", "2026-11-30T24:00:00Z", "2026-04-31T00:00:00Z", "2026-11-30T09:15:00.1234Z", "2026-11-30", "", "+002026-11-30T09:15:00.000Z", "2026-11-30T09:15:00.000+01:00"]) same(iso);
  });

  it("inWindow is half-open [from, to)", () => {
    const w = daysBefore(d("2026-11-30T00:00:00Z"), 1);
    expect(inWindow("2026-11-29T00:00:00.000Z", w)).toBe(true);
    expect(inWindow("2026-11-30T00:00:00.000Z", w)).toBe(false);
    expect(inWindow("2026-11-28T23:59:59.999Z", w)).toBe(false);
  });
});

describe("coveredWindow", () => {
  const asked = daysBefore(d("2026-11-30T00:00:00Z"), 7);
  const rows = ["2026-11-29T10:00:00.000Z", "2026-11-28T10:00:00.000Z", "2026-11-27T10:00:00.000Z", "2026-11-27T10:00:00.000Z"];

  it("keeps the asked window when the read was not full", () => {
    const c = coveredWindow(asked, rows, (r) => r, 5);
    expect(c).toEqual({ window: asked, rows, capped: false });
  });

  it("when the read was full, starts after the oldest time read and drops rows at that time (others may share it)", () => {
    const c = coveredWindow(asked, rows, (r) => r, 4);
    expect(c.capped).toBe(true);
    expect(c.window.from.toISOString()).toBe("2026-11-27T10:00:00.001Z");
    expect(c.window.to).toBe(asked.to);
    expect(c.rows).toEqual(rows.slice(0, 2));
  });

  it("an empty read is never capped", () => {
    expect(coveredWindow(asked, [], (r: string) => r, 1)).toEqual({ window: asked, rows: [], capped: false });
  });
});

import { describe, expect, it } from "vitest";
import {
  atInWindow,
  coveredWindow,
  daysBefore,
  isoUtc,
  startOfUtcDay,
  toIso,
} from "../../../functions/src/compute/time";

const d = (iso: string) => new Date(iso);

describe("time windows", () => {
  it("startOfUtcDay and daysBefore give whole UTC days", () => {
    expect(startOfUtcDay(d("2026-11-30T23:59:59.999Z")).toISOString()).toBe("2026-11-30T00:00:00.000Z");
    const w = daysBefore(d("2026-11-30T00:00:00Z"), 28);
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual([
      "2026-11-02T00:00:00.000Z",
      "2026-11-30T00:00:00.000Z",
    ]);
  });

  it("isoUtc drops zero milliseconds only", () => {
    expect(isoUtc(d("2026-11-02T00:00:00.000Z"))).toBe("2026-11-02T00:00:00Z");
    expect(isoUtc(d("2026-11-02T00:00:00.001Z"))).toBe("2026-11-02T00:00:00.001Z");
  });

  it("toIso writes an instant as the wire does: ISO-8601 UTC with milliseconds", () => {
    expect(toIso(Date.UTC(2026, 10, 2, 3, 4, 5, 6))).toBe("2026-11-02T03:04:05.006Z");
    expect(toIso(Date.UTC(2026, 10, 2))).toBe("2026-11-02T00:00:00.000Z");
  });

  it("atInWindow is half-open [from, to)", () => {
    const w = daysBefore(d("2026-11-30T00:00:00Z"), 1);
    expect(atInWindow(Date.parse("2026-11-29T00:00:00.000Z"), w)).toBe(true);
    expect(atInWindow(Date.parse("2026-11-30T00:00:00.000Z"), w)).toBe(false);
    expect(atInWindow(Date.parse("2026-11-28T23:59:59.999Z"), w)).toBe(false);
  });
});

describe("coveredWindow", () => {
  const asked = daysBefore(d("2026-11-30T00:00:00Z"), 7);
  const rows = [
    "2026-11-29T10:00:00.000Z",
    "2026-11-28T10:00:00.000Z",
    "2026-11-27T10:00:00.000Z",
    "2026-11-27T10:00:00.000Z",
  ];
  const timeOf = (r: string) => Date.parse(r);

  it("keeps the asked window when the read was not full", () => {
    const c = coveredWindow(asked, rows, timeOf, 5);
    expect(c).toEqual({ window: asked, rows, capped: false });
  });

  it("when the read was full, starts after the oldest time read and drops rows at that time (others may share it)", () => {
    const c = coveredWindow(asked, rows, timeOf, 4);
    expect(c.capped).toBe(true);
    expect(c.window.from.toISOString()).toBe("2026-11-27T10:00:00.001Z");
    expect(c.window.to).toBe(asked.to);
    expect(c.rows).toEqual(rows.slice(0, 2));
  });

  it("an empty read is never capped", () => {
    expect(coveredWindow(asked, [], timeOf, 1)).toEqual({ window: asked, rows: [], capped: false });
  });
});

import { randomBytes } from "node:crypto";

/**
 * Spotlighting by datamarking (Hines et al., 2024): third-party text reaches the model with a
 * marker, minted per invocation, before its first word and after every run of whitespace, so the
 * model can tell it apart from instructions and an injected text cannot forge the marker ahead of
 * time. Only strings under an `untrusted` key are marked; everything else is the product's own.
 */
export function mintMarker(): string {
  return `‹${randomBytes(6).toString("hex")}›`;
}

export function datamarkText(text: string, marker: string): string {
  return marker + text.replace(/\s+/g, (ws) => ws + marker);
}

/** A copy of `value` with every string under an `untrusted` key datamarked; `value` is not changed. */
export function datamark<T>(value: T, marker: string): T {
  return mark(value, marker, false) as T;
}

function mark(value: unknown, marker: string, untrusted: boolean): unknown {
  if (typeof value === "string") return untrusted ? datamarkText(value, marker) : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => mark(v, marker, untrusted));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = mark(v, marker, untrusted || k === "untrusted");
  return out;
}

/** Every string under an `untrusted` key, in document order (for checks on what the model saw). */
export function untrustedStrings(value: unknown, untrusted = false, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (untrusted) out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) untrustedStrings(v, untrusted, out);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) untrustedStrings(v, untrusted || k === "untrusted", out);
  }
  return out;
}

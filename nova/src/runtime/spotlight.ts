import { randomBytes } from "node:crypto";
import { mapJsonLeaves, walkJson, type JsonPath } from "nova-contract";

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
  return mapJsonLeaves(value, (v, path) =>
    typeof v === "string" && isUntrusted(path) ? datamarkText(v, marker) : v,
  ) as T;
}

/** Every string under an `untrusted` key, in document order (for checks on what the model saw). */
export function untrustedStrings(value: unknown): string[] {
  const out: string[] = [];
  walkJson(value, (v, path) => {
    if (typeof v === "string" && isUntrusted(path)) out.push(v);
  });
  return out;
}

/** Under an `untrusted` key: the key itself or any above it. */
function isUntrusted(path: JsonPath): boolean {
  return path.includes("untrusted");
}

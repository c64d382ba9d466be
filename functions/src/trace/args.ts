import type { z } from "zod";

/** Free text in a trace is capped: enough to recognise a query, never a pasted document. */
export const MAX_TRACE_TEXT = 64;

export type TraceJson = z.core.util.JSONType;

/**
 * Credentials and contact details a caller (or a confused model) may paste into an argument. The
 * arguments are the one caller-chosen text in a trace, so these shapes are masked before capping:
 * defence in depth for SPEC section 4's "never in a log", not a substitute for logging nothing else.
 */
const SECRET_SHAPES: readonly [RegExp, string][] = [
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, "[token]"], // a JWT such as a Firebase ID token
  [/\bBearer\s+\S+/gi, "Bearer [token]"],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, "[api-key]"], // Google API keys
  [/\bya29\.[0-9A-Za-z_.-]+/g, "[token]"], // Google OAuth access tokens
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, "[private-key]"],
  [/(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[email]"],
];

/** Masks credential and e-mail shapes in one string, then caps it saying how long it was. */
export function normalizeText(value: string): string {
  // Masking looks at a bounded prefix only: the patterns stay linear-time on a pasted megabyte, and
  // whatever lies past the prefix is cut by the cap anyway.
  let text = value.slice(0, MAX_TRACE_TEXT * 4);
  for (const [shape, mask] of SECRET_SHAPES) text = text.replace(shape, mask);
  return text.length > MAX_TRACE_TEXT || value.length > MAX_TRACE_TEXT * 4
    ? `${text.slice(0, MAX_TRACE_TEXT)}…[${value.length} chars]`
    : text;
}

/** Arguments as a trace records them: shape kept, strings masked and capped, depth and breadth bounded. */
export function normalizeArgs(value: unknown, depth = 0): TraceJson {
  if (typeof value === "string") return normalizeText(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "boolean" || value === null || value === undefined) return value ?? null;
  if (typeof value === "bigint") return String(value);
  if (typeof value !== "object") return `[${typeof value}]`;
  if (depth >= 3) return "[nested]";
  if (Array.isArray(value)) return value.slice(0, 10).map((v) => normalizeArgs(v, depth + 1));
  const entries = Object.entries(value).slice(0, 10);
  return Object.fromEntries(
    entries.map(([k, v]) => [normalizeText(k).slice(0, MAX_TRACE_TEXT), normalizeArgs(v, depth + 1)]),
  );
}

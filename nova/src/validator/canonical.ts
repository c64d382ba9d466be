/**
 * Canonical JSON: object keys sorted at every level, so two values are deep-equal (key order
 * insensitive) exactly when their canonical texts are equal.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  // what JSON.stringify gives numbers and strings, without its setup: this runs for every call of every ledger
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "string") return quote(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = sortedKeys(value as Record<string, unknown>);
  let out = "{";
  for (let i = 0; i < keys.length; i++) out += `${i > 0 ? "," : ""}${quote(keys[i]!)}:${canonicalJson((value as Record<string, unknown>)[keys[i]!])}`;
  return `${out}}`;
}

/**
 * Object.keys in the order Array.prototype.sort gives them (UTF-16 code units; keys are unique).
 * Few keys are put in place one by one: sort() allocates far more than that needs.
 */
function sortedKeys(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

/** A string JSON.stringify leaves as it is: no '"', "\\", control character or surrogate (it escapes lone ones). */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what JSON.stringify escapes
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

function quote(s: string): string {
  return PLAIN.test(s) ? `"${s}"` : JSON.stringify(s);
}

/**
 * The identity of a request: the tool and its arguments. Arguments `null` and `{}` are the same
 * input (SPEC section 3: "none (`{}` or null)"), so they key the same request.
 */
export function requestKey(tool: string, args: unknown): string {
  const normalized = args === null || args === undefined ? {} : args;
  return `${tool} ${canonicalJson(normalized)}`;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

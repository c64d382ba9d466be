import { isoFromMillis } from "../compute/time";

/**
 * Values to the JSON that leaves the server: Firestore Timestamps and Dates become ISO-8601 UTC
 * strings, document references their paths, undefined fields disappear.
 */
export function toWire(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  // Plain objects first: every stored document and every field map passes through here, and they
  // are nearly all plain (bench/README.md, section 1), so they skip the Timestamp and reference probes.
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return plainToWire(value as Record<string, unknown>);
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = toWire(value[i]);
    return out;
  }
  if (value instanceof Date) return isoFromMillis(value.getTime());
  const v = value as { toDate?: () => Date; path?: unknown; firestore?: unknown };
  if (typeof v.toDate === "function") return isoFromMillis(v.toDate().getTime());
  if (v.firestore !== undefined && typeof v.path === "string") return v.path;
  return plainToWire(value as Record<string, unknown>);
}

function plainToWire(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = value[k];
    if (x !== undefined) setField(out, k, toWire(x));
  }
  return out;
}

/**
 * Whether `value` is wire JSON already: toWire would return an equal copy of it (plain objects
 * with Object's prototype and arrays, no undefined field, no Timestamp, Date or reference, string
 * keys only). A tool's output nearly always is, built from converted documents, and checking
 * allocates nothing where the copy allocated the whole answer once more.
 */
export function isWire(value: unknown): boolean {
  if (value === null || typeof value !== "object") return value !== undefined && typeof value !== "function";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isWire(value[i])) return false;
    return true;
  }
  // toWire's copy of an object without a prototype has Object's
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === "__proto__" || !isWire((value as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Sets a field; one named __proto__ (JSON.parse makes one) stays a field, not the object's prototype. */
function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * toWire for a tree the caller owns and will not use again as it was (a fresh `snap.data()`): the
 * plain objects and arrays are converted in place instead of copied. The store converts every
 * document it reads, and the copy was the largest cost the runtime added to a call reading
 * hundreds of documents (bench/README.md, section 1). Same result as toWire.
 */
export function toWireOwned(value: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = value[k];
    if (x === null || typeof x !== "object") {
      if (x === undefined) delete value[k];
      continue;
    }
    const converted = ownedValue(x);
    if (converted !== x) setField(value, k, converted);
  }
  return value;
}

function ownedValue(x: object): unknown {
  const proto = Object.getPrototypeOf(x);
  if (proto === Object.prototype || proto === null) return toWireOwned(x as Record<string, unknown>);
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const y: unknown = x[i];
      if (y !== null && typeof y === "object") x[i] = ownedValue(y);
    }
    return x;
  }
  return toWire(x);
}

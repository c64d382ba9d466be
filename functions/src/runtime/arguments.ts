/**
 * Arguments exactly as sent (SPEC section 3): the caller's own JSON, nothing read through a
 * prototype. JSON.parse keeps a `__proto__` key as an own property, but any code that copies the
 * object by assignment (firebase-functions' decode, zod's object parse) turns it into the copy's
 * prototype, whose fields zod would then read as arguments. So such a key is refused before any
 * schema sees the input, as are objects that are not plain (a class instance, a Date) and values
 * JSON cannot carry.
 */
export function isPlainJson(value: unknown): boolean {
  // Iterative, so that a deeply nested body cannot overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== "object") return false;
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) return false;
      for (let i = 0; i < v.length; i++) pending.push(v[i]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    if (Object.prototype.hasOwnProperty.call(v, "__proto__")) return false;
    // Symbol keys and non-enumerable properties are not JSON either.
    if (Object.getOwnPropertySymbols(v).length > 0) return false;
    const keys = Object.getOwnPropertyNames(v);
    for (const k of keys) {
      const d = Object.getOwnPropertyDescriptor(v, k)!;
      if (!d.enumerable || d.get !== undefined || d.set !== undefined) return false;
      pending.push(d.value);
    }
  }
  return true;
}

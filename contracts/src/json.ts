/** Where a value sits in a JSON value: object keys and array indexes, from the root down. */
export type JsonPath = readonly (string | number)[];

/**
 * Visits a JSON value and everything inside it, depth first in document order (an object's own
 * enumerable keys in their own order, then an array's items), each with its path from the root.
 * `visit` returning false skips what is inside that value. The path is one array, reused through
 * the walk: copy it to keep it.
 */
export function walkJson(value: unknown, visit: (value: unknown, path: JsonPath) => boolean | void): void {
  const path: (string | number)[] = [];
  const walk = (v: unknown): void => {
    if (visit(v, path) === false || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i]);
        path.pop();
      }
      return;
    }
    // for...in with an own-key check, not entries or keys: the walk runs on every envelope the
    // runtime and Nova check, and V8 walks for...in without allocating.
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      path.push(key);
      walk((v as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(value);
}

/**
 * A copy of a JSON value with each leaf (anything but an array or an object) replaced by
 * `leaf(value, path)`, walked as walkJson walks; the value itself is not changed.
 */
export function mapJsonLeaves(value: unknown, leaf: (value: unknown, path: JsonPath) => unknown): unknown {
  const path: (string | number)[] = [];
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return leaf(v, path);
    if (Array.isArray(v)) {
      return v.map((item, i) => {
        path.push(i);
        const out = copy(item);
        path.pop();
        return out;
      });
    }
    const out: Record<string, unknown> = {};
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      path.push(key);
      const item = copy((v as Record<string, unknown>)[key]);
      // A `__proto__` key (JSON.parse keeps it as an own key) stays one: assigned, it would become the copy's prototype.
      if (key === "__proto__")
        Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      else out[key] = item;
      path.pop();
    }
    return out;
  };
  return copy(value);
}

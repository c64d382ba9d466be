import { canonicalJson } from "nova-contract";

export { canonicalJson };

/**
 * The identity of a request: the tool and its arguments as sent. Arguments `null` and `{}` are the
 * same input (SPEC section 3: "none (`{}` or null)"); strings are compared as they are.
 */
export function requestKey(tool: string, args: unknown): string {
  return `${tool} ${canonicalJson(args === null || args === undefined ? {} : args)}`;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

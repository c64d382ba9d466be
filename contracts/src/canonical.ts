/**
 * Canonical JSON: what JSON.stringify writes, with object keys sorted at every level (code-unit
 * order) and no whitespace. Two JSON values are deep-equal, key order aside, exactly when their
 * canonical texts are equal: the validator compares requests by it and the contracts generator
 * hashes declarations by it. As in JSON.stringify, an undefined field is left out and an undefined
 * array item is null; a value JSON cannot hold at all (undefined, a function) is refused.
 */
export function canonicalJson(value: unknown): string {
  const text = canonical(value);
  if (text === undefined) throw new TypeError(`canonical JSON cannot hold ${typeof value}`);
  return text;
}

function canonical(value: unknown): string | undefined {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v) ?? "null").join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .sort()
      .flatMap((k) => {
        const v = canonical(record[k]);
        return v === undefined ? [] : [`${JSON.stringify(k)}:${v}`];
      });
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value) as string | undefined;
}

import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import type { JsonSchema } from "../../../scripts/contracts/declarations";

/**
 * Inputs for the declaration-agreement test, from the declaration alone: its examples and
 * mutations of them steered by the published input schema (each bound, just inside and just
 * outside), so a new tool gets a corpus without anyone writing one.
 */

const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e9,
  Number.MAX_SAFE_INTEGER,
  "",
  " ",
  "\t\n",
  "a",
  "0",
  "a/b",
  "..",
  "x y",
  "é",
  "\u0000",
  [],
  {},
  [1],
  { a: 1 },
];

/** Keys that try to choose identity or tenant: always an unknown key, always refused. */
const AUTHORITY_KEYS = ["workspaceId", "workspace", "uid", "userId", "role"];

/**
 * Strings whose length differs in code points and UTF-16 units, or in code points and what a
 * reader sees: emoji and CJK extension B (two units each), combining accents (one code point
 * each). JSON Schema counts code points, so the server must too.
 */
export const ASTRAL_STRINGS: readonly string[] = [
  "😀".repeat(100),
  "😀".repeat(199),
  "😀".repeat(200),
  "😀".repeat(201),
  `  ${"😀".repeat(200)}  `,
  "\u{20000}".repeat(200),
  "\u{20000}".repeat(201),
  `${"x".repeat(199)}😀`,
  `${"x".repeat(200)}😀`,
  "e\u0301".repeat(100),
  "e\u0301".repeat(101),
  "😀",
  "a😀b",
  "\u{1F1EB}\u{1F1F7} drapeau",
  "𝒜𝒷𝒸 video",
  "\uD83D",
  `job-${"😀".repeat(3)}`,
];

export function isAstralItem(item: CorpusItem): boolean {
  return item.label.includes("astral ");
}

function boundaryValues(s: JsonSchema | undefined): unknown[] {
  if (!s) return [];
  const out: unknown[] = [];
  const options = Array.isArray(s.anyOf) ? (s.anyOf as JsonSchema[]) : [s];
  for (const o of options) {
    if (o.type === "integer" || o.type === "number") {
      for (const b of [o.minimum, o.maximum, o.exclusiveMinimum, o.exclusiveMaximum]) {
        if (typeof b === "number") out.push(b - 1, b - 0.5, b, b + 0.5, b + 1);
      }
    }
    if (o.type === "string") {
      for (const n of [o.minLength, o.maxLength])
        if (typeof n === "number") out.push(...[n - 1, n, n + 1].filter((k) => k >= 0).map((k) => "x".repeat(k)));
      // The search query's rule is "1-200 after trimming": padding around the edges probes it.
      out.push(
        "x".repeat(199),
        "x".repeat(200),
        "x".repeat(201),
        ` ${"x".repeat(200)} `,
        ` ${"x".repeat(199)}`,
        `${"y".repeat(100)} ${"z".repeat(100)}`,
        "   ",
        " a ",
        "!!!",
      );
      out.push("x".repeat(128), "x".repeat(129), "job-failed-1", "A_b-9", "a.b");
    }
    if (Array.isArray(o.enum)) out.push(...(o.enum as unknown[]), "not-a-member-of-the-enum");
  }
  return out;
}

function objectSchema(input: JsonSchema): JsonSchema | undefined {
  const options = Array.isArray(input.anyOf) ? (input.anyOf as JsonSchema[]) : [input];
  return options.find((o) => o.type === "object");
}

export interface CorpusItem {
  readonly label: string;
  readonly input: unknown;
}

export function corpusFor(decl: ToolDeclaration, input: JsonSchema): CorpusItem[] {
  const items: CorpusItem[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined) items.push({ label, input: value });
  };
  decl.examples.valid.forEach((v, i) => add(`valid example ${i + 1}`, v));
  decl.examples.invalid.forEach(({ input: v }, i) => add(`invalid example ${i + 1}`, v));
  if (decl.examples.empty !== undefined) add("empty example", decl.examples.empty);
  for (const v of [...ODD_VALUES, "text", { unexpected: 1 }]) add(`whole input ${JSON.stringify(v)}`, v);

  const props = ((objectSchema(input)?.properties as Record<string, JsonSchema> | undefined) ?? {}) as Record<
    string,
    JsonSchema
  >;
  const objects = decl.examples.valid.filter(
    (v): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v),
  );
  const base = objects[0] ?? {};
  for (const key of AUTHORITY_KEYS) add(`valid + ${key}`, { ...base, [key]: "globex" });
  for (const key of Object.keys(base)) {
    const { [key]: _dropped, ...rest } = base;
    add(`without ${key}`, rest);
    for (const value of [...ODD_VALUES, ...boundaryValues(props[key])])
      add(`${key} = ${JSON.stringify(value)?.slice(0, 40)}`, { ...base, [key]: value });
    if (props[key]?.type === "string") {
      for (const [i, value] of ASTRAL_STRINGS.entries())
        add(`${key} = astral ${i + 1} (${[...value].length} code points)`, { ...base, [key]: value });
    }
  }
  return items;
}

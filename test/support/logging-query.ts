/**
 * The subset of the Cloud Logging query language that ops/ and docs/operations.md use, evaluated
 * over log entries as Cloud Logging stores them, so tests can check which entries a filter
 * selects (https://cloud.google.com/logging/docs/view/logging-query-language):
 *
 * - comparisons `path = value`, `!=`, `<`, `<=`, `>`, `>=`, `path : value` (has: a case-insensitive
 *   substring for text), `path:*` (present); a value is a "quoted string", a number or a bare word;
 * - `AND`, `OR`, `NOT` (also `-`) and parentheses; AND binds tighter than OR, as in Logging;
 * - a path through an array matches when any element does (`jsonPayload.attempts.outcome="ok"`);
 * - `severity` compares by level (DEFAULT < DEBUG < INFO < ... < EMERGENCY).
 *
 * Anything else (regular expressions, functions, implicit AND) is refused, not guessed.
 */

export type LogQuery =
  | { readonly kind: "and" | "or"; readonly parts: readonly LogQuery[] }
  | { readonly kind: "not"; readonly part: LogQuery }
  | { readonly kind: "cmp"; readonly path: readonly string[]; readonly op: Op; readonly value: string | number | "*" };

type Op = "=" | "!=" | "<" | "<=" | ">" | ">=" | ":";

const SEVERITIES = ["DEFAULT", "DEBUG", "INFO", "NOTICE", "WARNING", "ERROR", "CRITICAL", "ALERT", "EMERGENCY"];

type Token = { t: "word" | "string" | "op" | "(" | ")" | "-"; v: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(" || c === ")") {
      tokens.push({ t: c, v: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      let out = "";
      while (j < text.length && text[j] !== '"') {
        if (text[j] === "\\") j++;
        out += text[j];
        j++;
      }
      if (j >= text.length) throw new Error(`unterminated string in ${text}`);
      tokens.push({ t: "string", v: out });
      i = j + 1;
    } else if (/[=!<>:]/.test(c)) {
      const two = text.slice(i, i + 2);
      const op = ["!=", "<=", ">="].includes(two) ? two : c;
      if (op === "!") throw new Error(`unsupported operator in ${text}`);
      tokens.push({ t: "op", v: op });
      i += op.length;
    } else if (c === "-" && (tokens.length === 0 || ["(", "word:AND", "word:OR", "word:NOT"].includes(last(tokens)))) {
      tokens.push({ t: "-", v: c });
      i++;
    } else {
      const m = /^[A-Za-z0-9_@.\-/*]+/.exec(text.slice(i));
      if (!m) throw new Error(`unexpected ${JSON.stringify(c)} in ${text}`);
      tokens.push({ t: "word", v: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

function last(tokens: Token[]): string {
  const t = tokens[tokens.length - 1]!;
  return t.t === "word" ? `word:${t.v}` : t.t;
}

export function parseLogQuery(text: string): LogQuery {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (w: string) => peek()?.t === "word" && peek()!.v === w;

  function or(): LogQuery {
    const parts = [and()];
    while (isWord("OR")) {
      pos++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0]! : { kind: "or", parts };
  }
  function and(): LogQuery {
    const parts = [not()];
    while (isWord("AND")) {
      pos++;
      parts.push(not());
    }
    if (peek() && peek()!.t !== ")" && !isWord("OR"))
      throw new Error(`implicit AND or junk at "${peek()!.v}" in ${text}`);
    return parts.length === 1 ? parts[0]! : { kind: "and", parts };
  }
  function not(): LogQuery {
    if (isWord("NOT") || peek()?.t === "-") {
      pos++;
      return { kind: "not", part: not() };
    }
    return primary();
  }
  function primary(): LogQuery {
    const tok = tokens[pos++];
    if (!tok) throw new Error(`unexpected end of ${text}`);
    if (tok.t === "(") {
      const inner = or();
      if (tokens[pos++]?.t !== ")") throw new Error(`missing ) in ${text}`);
      return inner;
    }
    if (tok.t !== "word") throw new Error(`expected a field at "${tok.v}" in ${text}`);
    const op = tokens[pos++];
    if (op?.t !== "op") throw new Error(`expected an operator after ${tok.v} in ${text}`);
    const val = tokens[pos++];
    if (!val || (val.t !== "word" && val.t !== "string"))
      throw new Error(`expected a value after ${tok.v}${op.v} in ${text}`);
    const value =
      val.t === "string" ? val.v : val.v === "*" ? "*" : /^-?\d+(\.\d+)?$/.test(val.v) ? Number(val.v) : val.v;
    if (value === "*" && op.v !== ":") throw new Error(`* only with ":" in ${text}`);
    return { kind: "cmp", path: tok.v.split("."), op: op.v as Op, value };
  }

  const query = or();
  if (pos !== tokens.length) throw new Error(`unexpected "${tokens[pos]!.v}" in ${text}`);
  return query;
}

/** Every value at a path, looking through arrays at each step; absent or null paths give none. */
export function valuesAt(entry: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [entry];
  for (const key of path) {
    const next: unknown[] = [];
    for (const v of current.flatMap((x) => (Array.isArray(x) ? x : [x]))) {
      if (v && typeof v === "object" && key in (v as object)) next.push((v as Record<string, unknown>)[key]);
    }
    current = next;
  }
  return current.flatMap((x) => (Array.isArray(x) ? x : [x])).filter((x) => x !== null && x !== undefined);
}

function compare(actual: unknown, op: Op, expected: string | number, severity: boolean): boolean {
  if (op === ":") {
    if (typeof actual === "string") return actual.toLowerCase().includes(String(expected).toLowerCase());
    return String(actual) === String(expected);
  }
  let a: number | string;
  let b: number | string;
  if (severity) {
    a = SEVERITIES.indexOf(String(actual));
    b = SEVERITIES.indexOf(String(expected));
    if (b < 0) throw new Error(`unknown severity ${expected}`);
  } else if (typeof expected === "number" && typeof actual === "number") {
    a = actual;
    b = expected;
  } else {
    a = String(actual);
    b = String(expected);
  }
  switch (op) {
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
  }
}

export function matchesLogQuery(query: LogQuery, entry: unknown): boolean {
  switch (query.kind) {
    case "and":
      return query.parts.every((p) => matchesLogQuery(p, entry));
    case "or":
      return query.parts.some((p) => matchesLogQuery(p, entry));
    case "not":
      return !matchesLogQuery(query.part, entry);
    case "cmp": {
      const values = valuesAt(entry, query.path);
      if (query.value === "*") return values.length > 0;
      const severity = query.path.length === 1 && query.path[0] === "severity";
      // `!=` holds when no value equals; the others when some value matches.
      if (query.op === "!=") return !values.some((v) => compare(v, "=", query.value as string | number, severity));
      return values.some((v) => compare(v, query.op, query.value as string | number, severity));
    }
  }
}

/** The field paths a query names, each once: what the entries must really carry. */
export function pathsOf(query: LogQuery): string[] {
  const out = new Set<string>();
  const walk = (q: LogQuery) => {
    if (q.kind === "cmp") out.add(q.path.join("."));
    else if (q.kind === "not") walk(q.part);
    else q.parts.forEach(walk);
  };
  walk(query);
  return [...out];
}

/** `EXTRACT(path)` of a LogMetric's extractors (the only form ops/ uses), as a path. */
export function extractedPath(extractor: string): string[] {
  const m = /^EXTRACT\(([A-Za-z0-9_@.]+)\)$/.exec(extractor.trim());
  if (!m) throw new Error(`only EXTRACT(field) is supported, not ${extractor}`);
  return m[1]!.split(".");
}

/**
 * The jsonPayload fields a log-based metric's labels come from, after checking that each label is
 * declared once in the descriptor and extracted from one top-level jsonPayload field (a nested or
 * non-payload source would not be a closed set the record guarantees).
 */
export function labelSourceFields(metric: Record<string, any>): string[] {
  const labels = metric.metricDescriptor.labels as { key: string }[];
  const extractors = metric.labelExtractors as Record<string, string>;
  const declared = labels.map((l) => l.key).sort();
  const extracted = Object.keys(extractors).sort();
  if (JSON.stringify(declared) !== JSON.stringify(extracted))
    throw new Error(`labels declared ${declared.join(",")} but extracted ${extracted.join(",")}`);
  return Object.values(extractors).map((extractor) => {
    const [root, field, ...rest] = extractedPath(extractor);
    if (root !== "jsonPayload" || !field || rest.length)
      throw new Error(`label extractor ${extractor} is not one top-level jsonPayload field`);
    return field;
  });
}

/**
 * A line a function printed on stdout to the LogEntry Cloud Logging stores for it: Cloud Run's
 * logging agent lifts the special `logging.googleapis.com/*` fields, severity and timestamp
 * into the entry and keeps the rest as jsonPayload
 * (https://cloud.google.com/logging/docs/structured-logging#special-payload-fields).
 */
export function logEntryOf(line: Record<string, unknown>): Record<string, unknown> {
  const special: Record<string, string> = {
    severity: "severity",
    timestamp: "timestamp",
    httpRequest: "httpRequest",
    "logging.googleapis.com/labels": "labels",
    "logging.googleapis.com/insertId": "insertId",
    "logging.googleapis.com/operation": "operation",
    "logging.googleapis.com/sourceLocation": "sourceLocation",
    "logging.googleapis.com/spanId": "spanId",
    "logging.googleapis.com/trace": "trace",
    "logging.googleapis.com/trace_sampled": "traceSampled",
  };
  const entry: Record<string, unknown> = { severity: "DEFAULT" };
  const jsonPayload: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(line)) {
    if (k in special) entry[special[k]!] = v;
    else jsonPayload[k] = v;
  }
  entry.jsonPayload = jsonPayload;
  return entry;
}

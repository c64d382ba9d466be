import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../emulators/locate";
import {
  chronological,
  formatSummary,
  formatTable,
  matches,
  parseSince,
  parseTraceLine,
  summarize,
  type TraceEntry,
  type TraceFilter,
} from "./entries";
import {
  formatInvocationSummary,
  parseInvocationLine,
  summarizeInvocations,
  type InvocationEntry,
} from "./invocations";

const USAGE = `npm run traces -- [options]

Shows the tool calls the local functions logged (one row per call, newest last).

  --tool NAME        only this tool
  --call ID          only this call (a callId or its first characters)
  --status S         success | error
  --code CODE        a result code: OK, NOT_FOUND, DEPENDENCY_UNAVAILABLE, ...
  --since WHEN       10m, 2h, 1d or an ISO time
  --trace ID         only calls of this W3C trace id
  --limit N          the last N matching calls (default 50; 0 = all)
  --follow, -f       keep printing new calls as they arrive (Ctrl-C stops)
  --json             print the matching entries as JSON lines instead of a table
  --brief            table rows and evidence ids only
  --summary          per tool: calls, error rates, p50/p95/max duration, reads, retries and
                     counts by code (the production dashboard's figures), then Nova's
                     invocations: outcomes, skills, violations by rule, refusals by reason,
                     fallback share, duration, tokens (--since applies); with --json, the
                     tools' figures as JSON
  --nova             with --summary: Nova's invocations only (with --json, as JSON)
  --test             read the emulator tests' traces (.emulators/test/)
  --file PATH        read this traces.jsonl (or a firebase.log) instead`;

interface Options {
  readonly filter: TraceFilter;
  readonly limit: number;
  readonly follow: boolean;
  readonly json: boolean;
  readonly brief: boolean;
  readonly summary: boolean;
  readonly nova: boolean;
  readonly file: string;
}

function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      tool: { type: "string" },
      call: { type: "string" },
      status: { type: "string" },
      code: { type: "string" },
      since: { type: "string" },
      trace: { type: "string" },
      limit: { type: "string" },
      follow: { type: "boolean", short: "f" },
      json: { type: "boolean" },
      brief: { type: "boolean" },
      summary: { type: "boolean" },
      nova: { type: "boolean" },
      test: { type: "boolean" },
      file: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.status && values.status !== "success" && values.status !== "error")
    throw new Error("--status is success or error");
  if (values.nova && !values.summary) throw new Error("--nova goes with --summary");
  if (values.summary && values.follow) throw new Error("--summary reads the calls so far; it does not --follow");
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 0) throw new Error("--limit wants a whole number");
  const dir = join(REPO_ROOT, ".emulators", ...(values.test ? ["test"] : []));
  // traces.jsonl when the suite wrote one; else the calls can still be read out of firebase.log.
  const file =
    values.file ??
    [join(dir, "traces.jsonl"), join(dir, "firebase.log")].find((f) => existsSync(f)) ??
    join(dir, "traces.jsonl");
  return {
    filter: {
      ...(values.tool ? { tool: values.tool } : {}),
      ...(values.call ? { call: values.call } : {}),
      ...(values.status ? { status: values.status as "success" | "error" } : {}),
      ...(values.code ? { code: values.code } : {}),
      ...(values.since ? { since: parseSince(values.since) } : {}),
      ...(values.trace ? { traceId: values.trace.toLowerCase() } : {}),
    },
    limit,
    follow: Boolean(values.follow),
    json: Boolean(values.json),
    brief: Boolean(values.brief),
    summary: Boolean(values.summary),
    nova: Boolean(values.nova),
    file,
  };
}

function entriesOf(text: string): TraceEntry[] {
  return text
    .split("\n")
    .map(parseTraceLine)
    .filter((e): e is TraceEntry => e !== null);
}

function invocationsOf(text: string, since?: Date): InvocationEntry[] {
  return text
    .split("\n")
    .map(parseInvocationLine)
    .filter((e): e is InvocationEntry => e !== null && (!since || e.at.getTime() >= since.getTime()));
}

function print(entries: TraceEntry[], opts: Options, header: boolean): void {
  if (opts.json) {
    for (const e of entries)
      process.stdout.write(
        `${JSON.stringify({ at: e.at.toISOString(), severity: e.severity, traceId: e.traceId, ...e.trace })}\n`,
      );
    return;
  }
  if (!entries.length && !header) return;
  const table = formatTable(entries, { details: !opts.brief });
  // While following, later batches repeat no header: drop the table's first line.
  process.stdout.write(`${header ? table : table.split("\n").slice(1).join("\n")}\n`);
}

/** Polls the file (it is appended by another process); a shrunken file means a new suite started. */
async function follow(opts: Options, offset: number): Promise<never> {
  let position = offset;
  let pending = "";
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    if (!existsSync(opts.file)) continue;
    const size = statSync(opts.file).size;
    if (size < position) {
      position = 0;
      pending = "";
    }
    if (size === position) continue;
    const fd = openSync(opts.file, "r");
    const buffer = Buffer.alloc(size - position);
    readSync(fd, buffer, 0, buffer.length, position);
    closeSync(fd);
    position = size;
    const text = pending + buffer.toString("utf8");
    const cut = text.lastIndexOf("\n");
    pending = text.slice(cut + 1);
    print(chronological(entriesOf(text.slice(0, cut + 1)).filter((e) => matches(e, opts.filter))), opts, false);
  }
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const exists = existsSync(opts.file);
  if (!exists && !opts.follow) {
    process.stderr.write(
      `No traces yet at ${relative(process.cwd(), opts.file)}: start the suite with \`npm start\` and call a tool.\n`,
    );
    process.exit(1);
  }
  const read = exists ? readFileSync(opts.file, "utf8") : "";
  // Only whole lines now; a line still being written is picked up by --follow.
  const text = read.slice(0, read.lastIndexOf("\n") + 1);
  const all = chronological(entriesOf(text).filter((e) => matches(e, opts.filter)));
  if (opts.summary) {
    // Over every matching call: --limit is for the table of calls.
    const rows = summarize(all);
    const invocations = summarizeInvocations(invocationsOf(text, opts.filter.since));
    if (opts.nova)
      process.stdout.write(
        opts.json ? `${JSON.stringify(invocations)}\n` : `${formatInvocationSummary(invocations)}\n`,
      );
    else if (opts.json) process.stdout.write(`${JSON.stringify(rows)}\n`);
    else
      process.stdout.write(
        `${relative(process.cwd(), opts.file)}: ${all.length} matching calls\n${formatSummary(rows)}\n\n${formatInvocationSummary(invocations)}\n`,
      );
    return;
  }
  const shown = opts.limit > 0 ? all.slice(-opts.limit) : all;
  if (!opts.json)
    process.stderr.write(`${relative(process.cwd(), opts.file)}: ${shown.length} of ${all.length} matching calls\n`);
  print(shown, opts, true);
  if (opts.follow) await follow(opts, Buffer.byteLength(text, "utf8"));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
  process.exit(2);
});

import type { Envelope } from "nova-contract";
import type { ToolDeclaration } from "../functions/src/runtime/declaration";
import { invokeTool } from "../functions/src/runtime/invoke";
import { FirestoreStore } from "../functions/src/store/firestore";
import { MemoryTraceSink } from "../functions/src/trace/entry";
import { PROJECT_ID, type BenchContext, type BenchTool, type SectionResult } from "./context";
import { RecordingStore, toWaves, type ReadOp } from "./replay";
import { check, row, type Row } from "./stats";

export interface ToolReads {
  readonly tool: string;
  readonly example: unknown;
  readonly kind: "valid" | "empty";
  readonly status: string;
  readonly code: string | null;
  readonly reads: number;
  readonly bound: number | null;
  /** The reads in waves, for the bare twin (bench/bare.cjs). */
  readonly waves: ReadOp[][];
}

/**
 * Section 4: documents read per call. Each tool runs in process through the one runtime path
 * (invokeTool) against the Firestore emulator via the product's FirestoreStore, as the seeded acme
 * owner; the figure is the trace's `reads` (the runtime's CountingStore). The same run records
 * which reads were made, which the bare twins of sections 1 and 2 replay.
 */
export async function runReads(ctx: BenchContext): Promise<SectionResult & { twins: Map<string, ReadOp[][]> }> {
  const { initializeApp } = require("firebase-admin/app") as typeof import("firebase-admin/app");
  const { getFirestore } = require("firebase-admin/firestore") as typeof import("firebase-admin/firestore");

  const db = getFirestore(initializeApp({ projectId: PROJECT_ID }, "bench-reads"));
  const store = new FirestoreStore(db, ctx.env);
  const auth = { uid: ctx.user.uid, claims: ctx.user.claims };

  const results: ToolReads[] = [];
  const twins = new Map<string, ReadOp[][]>();
  for (const tool of ctx.tools) {
    const examples: { input: unknown; kind: "valid" | "empty" }[] = [
      ...tool.decl.examples.valid.map((input) => ({ input, kind: "valid" as const })),
      ...(tool.decl.examples.empty !== undefined ? [{ input: tool.decl.examples.empty, kind: "empty" as const }] : []),
    ];
    for (const [i, { input, kind }] of examples.entries()) {
      const recording = new RecordingStore(store);
      const sink = new MemoryTraceSink();
      const envelope: Envelope = await invokeTool(
        tool.decl as ToolDeclaration,
        { auth, data: input },
        { store: recording, sink },
      );
      const trace = sink.entries[0]?.trace;
      if (!trace) throw new Error(`${tool.name} wrote no trace`);
      const waves = toWaves(recording.ops);
      if (i === 0) twins.set(tool.name, waves);
      results.push({
        tool: tool.name,
        example: input,
        kind,
        status: envelope.status,
        code: envelope.error?.code ?? null,
        reads: trace.reads,
        bound: boundFor(tool, input),
        waves,
      });
    }
  }
  return { rows: toRows(results), details: results, twins };
}

export function boundFor(tool: BenchTool, input: unknown): number | null {
  if (tool.maxReads === null) return null;
  return typeof tool.maxReads === "number" ? tool.maxReads : tool.maxReads(input);
}

function toRows(results: readonly ToolReads[]): Row[] {
  const rows: Row[] = [];
  const byTool = new Map<string, ToolReads[]>();
  for (const r of results) byTool.set(r.tool, [...(byTool.get(r.tool) ?? []), r]);
  for (const [tool, rs] of byTool) {
    const figures = rs
      .map((r) => `${JSON.stringify(r.example)}: ${r.reads}${r.status === "error" ? ` (${r.code})` : ""}`)
      .join("; ");
    const bounds = rs.map((r) => r.bound);
    if (bounds.some((b) => b === null)) {
      // Nothing to check against: the figure is reported and the missing bound is called out.
      rows.push(
        row(
          "4 reads",
          tool,
          "documents read per call",
          `${figures}; no bound stated (no maxReads)`,
          "<= stated bound",
          "SKIP",
        ),
      );
    } else {
      const worst = Math.max(...rs.map((r) => r.reads - r.bound!));
      rows.push(
        row(
          "4 reads",
          tool,
          "documents read per call",
          figures,
          `<= ${[...new Set(bounds)].join("/")}`,
          check(worst <= 0),
        ),
      );
    }
    const first = rs[0]!;
    if (first.status !== "success")
      rows.push(row("4 reads", tool, "first valid example", `answered ${first.code}`, "success", "MISS"));
  }
  return rows;
}

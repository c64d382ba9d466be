import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";
import { toIso } from "../compute/time";
import { TrendSignalDoc } from "../store/documents";
import type { StoredDoc } from "../store/store";
import { UNTRUSTED_NOTE } from "./untrusted";

// Re-exported so that tools importing it from here keep compiling; the note lives in untrusted.ts.
export { UNTRUSTED_NOTE };

export const SignalView = z.strictObject({
  signalId: z.string(),
  evidenceId: z.string(),
  source: z.string(),
  url: z.string(),
  topics: z.array(z.string()),
  score: z.number().min(0).max(1),
  observedAt: IsoUtcSchema,
  untrusted: z.strictObject({ title: z.string(), summary: z.string() }),
});
export type SignalView = z.infer<typeof SignalView>;

export const SignalListData = z.strictObject({ signals: z.array(SignalView), count: z.number().int().min(0) });

/** A stored signal read once: its id and path, and its fields as the data contract reads them. */
export interface ReadSignal extends TrendSignalDoc {
  readonly id: string;
  readonly path: string;
}

export function readSignal(doc: StoredDoc): ReadSignal {
  return { ...TrendSignalDoc.parse(doc.data), id: doc.id, path: doc.path };
}

export function toSignalView(s: ReadSignal, evidenceId: string): SignalView {
  return {
    signalId: s.id,
    evidenceId,
    source: s.source,
    url: s.url,
    topics: s.topics,
    score: s.score,
    observedAt: toIso(s.observedAt),
    untrusted: { title: s.title, summary: s.summary },
  };
}

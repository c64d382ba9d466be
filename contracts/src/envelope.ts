import { z } from "zod";
import { ERROR_CATALOG, ErrorCategorySchema, ErrorCodeSchema } from "./errors";
import { EvidenceSchema } from "./evidence";
import { walkJson } from "./json";

export const EnvelopeErrorSchema = z
  .strictObject({
    code: ErrorCodeSchema,
    category: ErrorCategorySchema,
    message: z.string().min(1).max(300),
    retryable: z.boolean(),
  })
  .refine((e) => ERROR_CATALOG[e.code].category === e.category && ERROR_CATALOG[e.code].retryable === e.retryable, {
    message: "category and retryable must be the catalog's for the code",
  });
export type EnvelopeError = z.infer<typeof EnvelopeErrorSchema>;

/**
 * A success envelope whose data is `data`: the envelope schema's success branch, and, with a tool's
 * output schema as `data`, the one check a tool's answer passes on its way out (functions' invoke.ts).
 */
export function successEnvelopeOf<D extends z.ZodType>(data: D) {
  return z.strictObject({ status: z.literal("success"), data, error: z.null(), evidence: z.array(EvidenceSchema) });
}

const SuccessEnvelopeBase = successEnvelopeOf(z.record(z.string(), z.unknown()));

export const ErrorEnvelopeSchema = z.strictObject({
  status: z.literal("error"),
  data: z.null(),
  error: EnvelopeErrorSchema,
  evidence: z.array(EvidenceSchema).max(0),
});

/** Evidence ids are unique within one envelope and every one is referenced from data, and back. */
function checkEvidenceLinks(env: z.infer<typeof SuccessEnvelopeBase>, ctx: z.RefinementCtx) {
  const ids = env.evidence.map((e) => e.evidenceId);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: "evidence ids must be unique" });
  const referenced = collectEvidenceRefs(env.data);
  for (const id of ids)
    if (!referenced.has(id)) ctx.addIssue({ code: "custom", message: `evidence ${id} is not referenced from data` });
  for (const id of referenced)
    if (!ids.includes(id)) ctx.addIssue({ code: "custom", message: `data references unknown evidence ${id}` });
}

export const SuccessEnvelopeSchema = SuccessEnvelopeBase.superRefine(checkEvidenceLinks);

/** The one envelope every tool answers (SPEC section 4). */
export const EnvelopeSchema = z
  .discriminatedUnion("status", [SuccessEnvelopeBase, ErrorEnvelopeSchema])
  .superRefine((env, ctx) => {
    if (env.status === "success") checkEvidenceLinks(env, ctx);
  });
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** Every `evidenceId` string and `evidenceIds` entry found anywhere in data. */
export function collectEvidenceRefs(data: unknown): Set<string> {
  const refs = new Set<string>();
  forEachEvidenceRef(data, (id) => refs.add(id));
  return refs;
}

/**
 * Visits every `evidenceId` string and `evidenceIds` entry found anywhere in data, in document
 * order, repeats included (collectEvidenceRefs' walk).
 */
export function forEachEvidenceRef(data: unknown, visit: (id: string) => void): void {
  walkJson(data, (value, path) => {
    const key = path[path.length - 1];
    if (key === "evidenceId" && typeof value === "string") visit(value);
    else if (key === "evidenceIds" && Array.isArray(value)) {
      for (const v of value) if (typeof v === "string") visit(v);
      return false;
    }
  });
}

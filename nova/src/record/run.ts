import { ERROR_CATALOG, type ErrorCode } from "nova-contract";
import type { Genkit } from "genkit";
import { newInvocationId, UnreachableError } from "../client";
import { runNova, type NovaOptions, type NovaResult } from "../runtime";
import { buildInvocationRecord, type FinishReport, type InvocationSink } from "./record";

/** An error in the shape of SPEC section 4: what a served invocation answers when it cannot run. */
export interface CatalogError {
  code: ErrorCode;
  category: string;
  message: string;
  retryable: boolean;
}

export function catalogError(code: ErrorCode, message: string): CatalogError {
  const { category, retryable } = ERROR_CATALOG[code];
  return { code, category, message, retryable };
}

/**
 * What a failure to run an invocation tells the caller: the model or the tools unreachable or
 * refusing (HTTP 429/5xx after the provider's own retry) is DEPENDENCY_UNAVAILABLE, anything else
 * INTERNAL. The message is the product's sentence, never the exception's text (it can hold a
 * provider body).
 */
export function invocationError(err: unknown): CatalogError {
  const status = (err as { status?: unknown } | null)?.status;
  const dependency =
    err instanceof UnreachableError ||
    ["UNAVAILABLE", "RESOURCE_EXHAUSTED", "DEADLINE_EXCEEDED"].includes(String(status)) ||
    (typeof status === "number" && (status === 429 || status >= 500));
  return dependency
    ? catalogError("DEPENDENCY_UNAVAILABLE", "The model or the tools are unavailable right now; try again shortly.")
    : catalogError("INTERNAL", "Nova could not run this question because of an internal error.");
}

export interface RecordOptions {
  sink: InvocationSink;
  /** The caller's and workspace's pseudonyms (the tools' key), or null when unknown. */
  caller: string | null;
  workspace: string | null;
  /** The configured model's name for the record when the runtime's report names none. */
  modelName: string | null;
}

/**
 * runNova with its invocation record: one record per invocation on every exit path, written to the
 * sink the app passes (the callable passes Cloud Logging's). The error is rethrown unchanged; the
 * record carries its catalog code.
 */
export async function runNovaRecorded(ai: Genkit, opts: NovaOptions, record: RecordOptions): Promise<NovaResult> {
  const invocationId = opts.invocationId ?? newInvocationId();
  let report: FinishReport | null = null;
  const base = {
    invocationId,
    purpose: opts.purpose ?? "chat",
    caller: record.caller,
    workspace: record.workspace,
    model: record.modelName,
  } as const;
  const run = runNova(ai, {
    ...opts,
    invocationId,
    onFinish: (r) => {
      report = r as unknown as FinishReport;
      opts.onFinish?.(r);
    },
  });
  let result: NovaResult;
  try {
    result = await run;
  } catch (err) {
    record.sink.write(buildInvocationRecord({ ...base, report, errorCode: invocationError(err).code }));
    throw err;
  }
  record.sink.write(buildInvocationRecord({ ...base, report, result }));
  return result;
}

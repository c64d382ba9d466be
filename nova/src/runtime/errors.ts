/**
 * The model could not be used at all (an HTTP error from the provider after the plugin's request,
 * an unreachable endpoint, a refused request): the invocation ends, and `ask` exits 2. The message
 * is ours and short: never the provider's body, the request, a key or a stack.
 */
export class NovaModelError extends Error {
  constructor(
    /** The model's name as Genkit resolves it. */
    readonly model: string,
    /** Genkit's status name when the plugin gave one (RESOURCE_EXHAUSTED, UNAVAILABLE, INTERNAL, ...). */
    readonly status: string | null,
    /** The provider's HTTP status when the plugin reported one. */
    readonly httpStatus: number | null,
  ) {
    super(
      `the model ${model} failed${httpStatus !== null ? ` with HTTP ${httpStatus}` : ""}${status ? ` (${status})` : ""}; no answer could be obtained`,
    );
    this.name = "NovaModelError";
  }
}

/** A Genkit error's status, read by shape: a script module may bring its own copy of genkit. */
export function genkitStatus(err: unknown): string | null {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === "string" && /^[A-Z_]+$/.test(status) ? status : null;
}

/** The HTTP status the plugins put in their message ("[429 Too Many Requests]"), or one a script threw. */
export function httpStatusOf(err: unknown): number | null {
  const explicit = (err as { httpStatus?: unknown } | null)?.httpStatus;
  if (typeof explicit === "number") return explicit;
  const m = /\[(\d{3})\b/.exec(err instanceof Error ? err.message : "");
  return m ? Number(m[1]) : null;
}

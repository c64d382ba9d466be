/** Base class of every error the Nova client throws. `kind` is stable for callers and the CLI. */
export class NovaClientError extends Error {
  constructor(
    readonly kind: "refused" | "unreachable" | "sign_in" | "protocol" | "invalid_envelope",
    message: string,
  ) {
    super(message);
    this.name = "NovaClientError";
  }
}

/** A call or load the invocation refuses without contacting the server. */
export class RefusedError extends NovaClientError {
  constructor(message: string) {
    super("refused", message);
    this.name = "RefusedError";
  }
}

/** The emulator (or functions host) could not be reached at all. */
export class UnreachableError extends NovaClientError {
  constructor(
    readonly url: string,
    cause: string,
  ) {
    super("unreachable", `cannot reach ${url}: ${cause}`);
    this.name = "UnreachableError";
  }
}

export class SignInError extends NovaClientError {
  constructor(
    readonly email: string,
    readonly reason: string,
  ) {
    super("sign_in", `sign-in failed for ${email}: ${reason}`);
    this.name = "SignInError";
  }
}

/**
 * The callable protocol answered without a `result` (the SDK's `{"error": ...}` for a malformed
 * request or an ID token that fails verification, a 404 for an unknown function, ...).
 */
export class ProtocolError extends NovaClientError {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly callableError: { status?: string; message?: string } | null,
  ) {
    super(
      "protocol",
      `callable protocol error: HTTP ${status}${callableError ? ` ${callableError.status ?? ""} ${callableError.message ?? ""}`.trimEnd() : ""}`,
    );
    this.name = "ProtocolError";
  }
}

/** HTTP 200 with a `result` that is not a valid envelope (SPEC section 4). */
export class InvalidEnvelopeError extends NovaClientError {
  constructor(
    readonly body: string,
    readonly issues: string,
  ) {
    super("invalid_envelope", `the tool answered a result that is not a valid envelope: ${issues}`);
    this.name = "InvalidEnvelopeError";
  }
}

export function describeFetchFailure(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

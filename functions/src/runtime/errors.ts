import { ERROR_CATALOG, type ErrorCode } from "nova-contract";

/**
 * Thrown by tool code (and the runtime) for an outcome the catalog names. The message must be a
 * short safe sentence written by the product: it reaches the envelope verbatim.
 */
export class ToolError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, safeMessage?: string) {
    super(safeMessage ?? ERROR_CATALOG[code].message);
    this.name = "ToolError";
    this.code = code;
  }
}

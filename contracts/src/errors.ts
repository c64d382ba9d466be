import { z } from "zod";

/**
 * The error catalog (SPEC section 4). Code, category and retryable are fixed per code; the default
 * message is what an envelope says when a tool gives no more specific safe sentence.
 */
export const ERROR_CATALOG = {
  INVALID_ARGUMENT: {
    category: "validation",
    retryable: false,
    message: "The arguments do not match this tool's input schema.",
  },
  INVALID_QUERY: {
    category: "validation",
    retryable: false,
    message: "The search query must be 1 to 200 characters after trimming.",
  },
  INVALID_ID: {
    category: "validation",
    retryable: false,
    message: "The id must be 1 to 128 letters, digits, '_' or '-'.",
  },
  UNAUTHENTICATED: {
    category: "authorization",
    retryable: false,
    message: "Sign in with a valid Firebase ID token to use this tool.",
  },
  PERMISSION_DENIED: {
    category: "authorization",
    retryable: false,
    message: "You are not an active member of the active workspace.",
  },
  NOT_FOUND: { category: "not_found", retryable: false, message: "No such record in the active workspace." },
  INSUFFICIENT_HISTORY: {
    category: "precondition",
    retryable: false,
    message: "There are too few measured posts for this computation.",
  },
  DEPENDENCY_UNAVAILABLE: {
    category: "dependency",
    retryable: true,
    message: "A dependency is unavailable or timed out; try again later.",
  },
  INTERNAL: {
    category: "internal",
    retryable: false,
    message: "Something unexpected went wrong; the call was logged.",
  },
} as const satisfies Record<string, { category: string; retryable: boolean; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ERROR_CATEGORIES = [
  "validation",
  "authorization",
  "not_found",
  "precondition",
  "dependency",
  "internal",
] as const;
export const ErrorCategorySchema = z.enum(ERROR_CATEGORIES);

/** Codes every tool may return whatever it declares (SPEC section 3). */
export const UNIVERSAL_ERROR_CODES = [
  "INVALID_ARGUMENT",
  "UNAUTHENTICATED",
  "INTERNAL",
] as const satisfies readonly ErrorCode[];

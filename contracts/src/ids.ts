/**
 * Identifiers both sides share, defined once.
 *
 * RECORD_ID: the form of a document id and of every path segment the tools read (SPEC section 4:
 * a job id of any other form is INVALID_ID). No `u` flag here: a reader that needs code points
 * (a declared input, whose JSON Schema pattern is this source) adds it; the class is ASCII anyway.
 */
export const RECORD_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The emulator suite's project (SPEC section 8). A `demo-` project, which the emulators keep offline. */
export const DEMO_PROJECT_ID = "demo-nova";

import { SKILLS, TOOL_NAMES } from "../tools";

export const MAIN_USAGE = `usage: nova-tools <command> [options]

Commands:
  validate   check Nova's answer against the ledger of its invocation
  call       call one tool on the emulator as a seeded user
  ask        run one Nova invocation (a Genkit model with skills, ledger and validated answer)

Run "nova-tools <command> --help" for a command's options.
`;

export const VALIDATE_USAGE = `usage: nova-tools validate --ledger FILE --answer FILE [--purpose chat|submission]

Checks the answer (JSON) against the ledger (JSON) with the rules of SPEC section 6 and prints
{"valid": bool, "violations": [{"rule": str, "detail": str, ...}]} on stdout.

Options:
  --ledger FILE     the ledger JSON (nova/schemas/ledger.schema.json)
  --answer FILE     the answer JSON (nova/schemas/answer.schema.json)
  --purpose P       chat (default) or submission (submission also rejects mock evidence)
  -h, --help        show this help

Exit status: 0 valid, 1 not valid (a file that is not JSON is a malformed_answer), 2 unreadable file or
wrong arguments.
`;

export const CALL_USAGE = `usage: nova-tools call TOOL [JSON-ARGS] --as EMAIL [--password P] [--skill SKILL]

Signs in as a seeded emulator user (password nova-dev-pass) and calls TOOL through the callable
protocol, printing the envelope JSON on stdout. With --skill the call goes through a Nova
invocation that loads SKILL and refuses tools outside it; without, it is a direct call.

Arguments:
  TOOL              ${TOOL_NAMES.join(", ")}
  JSON-ARGS         the tool's arguments as a JSON object, e.g. '{"limit": 3}' (default: none)

Options:
  --as EMAIL        the seeded user to sign in as, e.g. operator@acme.test
  --password P      the user's password (default: the seeded nova-dev-pass)
  --skill SKILL     ${Object.keys(SKILLS).join(", ")}
  -h, --help        show this help

Environment:
  FIREBASE_AUTH_EMULATOR_HOST   Auth emulator host (default 127.0.0.1:9099)
  NOVA_FUNCTIONS_URL            functions emulator host or URL prefix (default 127.0.0.1:5001;
                                /demo-nova/us-central1 is appended to a bare host or origin)

Exit status: 0 an envelope was printed (success or error: read its status), 2 the call could not be made
(unknown tool or skill, bad JSON, sign-in failed, emulator unreachable, refused, protocol error).
`;

export const ASK_USAGE = `usage: nova-tools ask QUESTION --as EMAIL [--password P] --model MODEL [--purpose chat|submission] [--max-reasks N]

Signs in as an emulator user and runs one Nova invocation on Genkit (docs/nova-runtime.md): the model
loads one skill, calls only its tools through the ledger, and answers with the structured answer,
validated against the ledger and re-asked with its violations at most N times (default 2) before
Nova answers its fixed fallback. Prints
{"invocationId", "answer", "ledger", "validation": {"valid", "violations"}, "attempts", "fallback"}.

Options:
  --as EMAIL        the user to sign in as, e.g. operator@acme.test
  --password P      the user's password (default: the seeded nova-dev-pass)
  --model MODEL     script:PATH   a JS module whose default export is a Genkit model runner
                                  (GenerateRequest) => GenerateResponseData; emulators only
                    googleai/NAME Gemini through @genkit-ai/google-genai, with GEMINI_API_KEY
                    vertexai/NAME Gemini on Vertex AI, with Application Default Credentials
  --purpose P       chat (default) or submission (submission also rejects mock evidence)
  --max-reasks N    how many times an invalid answer is sent back (default 2)
  -h, --help        show this help

Environment: FIREBASE_AUTH_EMULATOR_HOST, NOVA_FUNCTIONS_URL (as for call), GEMINI_API_KEY.

Exit status: 0 the model's own answer was accepted, 1 Nova fell back, 2 wrong arguments or no
invocation could run (sign-in failed, emulator or model unreachable, a script model off the emulators).
`;

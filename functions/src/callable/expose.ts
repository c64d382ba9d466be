import { onCall, type CallableFunction } from "firebase-functions/v2/https";
import type { Envelope } from "nova-contract";
import type { ToolDeclaration } from "../runtime/declaration";
import { invokeTool } from "../runtime/invoke";
import { firestoreStore } from "../store/firestore";
import { FUNCTIONS_SERVICE_ACCOUNT } from "./service-account";
import { CloudLoggingSink } from "../trace/cloud-logging";
import type { TraceSink } from "../trace/entry";
import { pseudonymSecrets } from "../trace/pseudonym";

export const REGION = "us-central1";

let sink: TraceSink | undefined;

/**
 * The `data` of the request body exactly as JSON.parse produced it. firebase-functions hands the
 * handler a decoded copy built by assigning key by key, so a `__proto__` key there becomes the
 * copy's prototype (and the arguments inside it would run while the trace recorded `{}`), and
 * `{"@type": Int64Value}` wrappers become numbers. The SDK has already checked that the body is a
 * JSON object with `data` and nothing else before the handler runs. Without a raw body (never on
 * the callable protocol) the decoded copy is used: a prototype it gained fails the runtime's
 * plain-JSON check anyway.
 */
export function sentData(request: { rawRequest?: { body?: unknown }; data: unknown }): unknown {
  const body = request.rawRequest?.body;
  if (body !== null && typeof body === "object" && Object.prototype.hasOwnProperty.call(body, "data"))
    return (body as { data: unknown }).data;
  return request.data;
}

/**
 * A declaration served as a 2nd-gen callable function. The handler only carries the request into
 * the runtime: auth as Firebase verified it, the data, and Nova's skill and invocation headers
 * (the request's trace is firebase-functions' own: its logger reads it from the request's context).
 * It always resolves with the envelope (HTTP 200); the callable error channel stays for what the
 * SDK rejects before any handler runs (a malformed request, an ID token that fails verification).
 */
export function exposeTool(decl: ToolDeclaration): CallableFunction<unknown, Promise<Envelope>> {
  return onCall(
    {
      region: REGION,
      memory: decl.memory,
      // Larger than the budget on purpose: the runtime answers DEPENDENCY_UNAVAILABLE first.
      timeoutSeconds: Math.ceil(decl.budgetMs / 1000) + 30,
      // The read-only runtime account (service-account.ts), never the default compute account.
      serviceAccount: FUNCTIONS_SERVICE_ACCOUNT,
      // The deployment's pseudonym key for traces (docs/operations.md); none on the emulator.
      secrets: pseudonymSecrets(),
    },
    (request) => {
      const headers = request.rawRequest?.headers ?? {};
      const header = (name: string) => {
        const v = headers[name];
        return typeof v === "string" ? v : null;
      };
      sink ??= new CloudLoggingSink();
      return invokeTool(
        decl,
        {
          auth: request.auth
            ? { uid: request.auth.uid, claims: request.auth.token as unknown as Record<string, unknown> }
            : null,
          data: sentData(request),
          skill: header("x-nova-skill"),
          invocationId: header("x-nova-invocation"),
        },
        { store: firestoreStore(), sink },
      );
    },
  );
}

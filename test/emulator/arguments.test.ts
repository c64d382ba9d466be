import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvelopeSchema, type Envelope } from "nova-contract";
import { PROJECT_ID, readPorts } from "../../scripts/emulators/suite";
import { REPO_ROOT } from "../../scripts/emulators/locate";
import { loadCatalog } from "../support/catalog";
import { newInvocationId, waitForTraces } from "../support/emulator-calls";
import { callerAs, closeCallers } from "./support/client";

/**
 * Arguments exactly as sent (SPEC section 3), over raw HTTP for every tool in the catalog: the
 * client SDK cannot send these bodies. Each body is JSON text written here, so a `__proto__` key
 * travels as JSON carries it. What ran, the envelope, and the trace's `arguments` must agree: a
 * `__proto__` key anywhere is INVALID_ARGUMENT and the trace records it as sent.
 */

const tools = loadCatalog();
const FIREBASE_LOG = join(REPO_ROOT, ".emulators", "test", "firebase.log");
const ports = readPorts();
let token = "";

beforeAll(async () => {
  token = (await (await callerAs("operator@acme.test")).idToken())!;
});
afterAll(closeCallers);

interface Sent {
  readonly label: string;
  /** The callable `data` as JSON text, exactly the bytes sent. */
  readonly dataText: string;
  readonly invocationId: string;
  envelope?: Envelope;
}

async function send(tool: string, label: string, dataText: string): Promise<Sent> {
  const invocationId = newInvocationId("args");
  const res = await fetch(`http://127.0.0.1:${ports.functions}/${PROJECT_ID}/us-central1/${tool}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "x-nova-invocation": invocationId,
    },
    body: `{"data":${dataText}}`,
  });
  expect(res.status, `${tool} ${label}`).toBe(200);
  const body = (await res.json()) as { result: unknown };
  return { label, dataText, invocationId, envelope: EnvelopeSchema.parse(body.result) };
}

/** A JSON number field of the example, for the SDK's `@type` Int64 wrapper (decoded by the SDK, not by us). */
function numericField(example: unknown): string | undefined {
  if (example === null || typeof example !== "object") return undefined;
  return Object.entries(example).find(([, v]) => typeof v === "number")?.[0];
}

function bodiesFor(
  example: unknown,
): { label: string; dataText: string; expected: "INVALID_ARGUMENT" | "as_example" }[] {
  const text = JSON.stringify(example);
  const fields = example !== null && typeof example === "object" ? text.slice(1, -1) : "";
  const bodies: { label: string; dataText: string; expected: "INVALID_ARGUMENT" | "as_example" }[] = [
    { label: "the valid example", dataText: text, expected: "as_example" },
    {
      label: "the example inside __proto__",
      dataText: `{"__proto__":${example === null ? "{}" : text}}`,
      expected: "INVALID_ARGUMENT",
    },
    {
      label: "the example plus an own __proto__",
      dataText: `{${fields}${fields ? "," : ""}"__proto__":{}}`,
      expected: "INVALID_ARGUMENT",
    },
    {
      label: "a __proto__ nested in an extra field",
      dataText: `{${fields}${fields ? "," : ""}"x":[{"__proto__":1}]}`,
      expected: "INVALID_ARGUMENT",
    },
  ];
  const numeric = numericField(example);
  if (numeric) {
    const wrapped = {
      ...(example as Record<string, unknown>),
      [numeric]: {
        "@type": "type.googleapis.com/google.protobuf.Int64Value",
        value: String((example as Record<string, number>)[numeric]),
      },
    };
    bodies.push({
      label: `${numeric} as the SDK's Int64 wrapper`,
      dataText: JSON.stringify(wrapped),
      expected: "INVALID_ARGUMENT",
    });
  }
  return bodies;
}

describe.each(tools.map((t) => [t.name, t] as const))("%s: arguments exactly as sent, over raw HTTP", (name, tool) => {
  const example = tool.examples.valid[0] ?? null;
  const sent: (Sent & { expected: string })[] = [];
  let reference: Envelope | undefined;

  beforeAll(async () => {
    for (const b of bodiesFor(example)) sent.push({ ...(await send(name, b.label, b.dataText)), expected: b.expected });
    reference = sent[0]!.envelope;
  });

  it("refuses every body with a __proto__ key, or a value the SDK would have decoded, as INVALID_ARGUMENT", () => {
    expect(reference?.status === "error" ? reference.error.code : "OK", `${name} on its own valid example`).not.toBe(
      "INVALID_ARGUMENT",
    );
    for (const s of sent.filter((x) => x.expected === "INVALID_ARGUMENT")) {
      expect({ label: s.label, code: s.envelope!.status === "error" ? s.envelope!.error.code : "OK" }).toEqual({
        label: s.label,
        code: "INVALID_ARGUMENT",
      });
    }
  });

  it("records in the trace exactly the arguments that were sent, and the outcome the caller got", async () => {
    const traces = await waitForTraces(
      FIREBASE_LOG,
      sent.map((s) => s.invocationId),
    );
    for (const s of sent) {
      const [trace, ...more] = traces.get(s.invocationId) ?? [];
      expect(trace, `${name} ${s.label}: trace`).toBeDefined();
      expect(more).toHaveLength(0);
      // Compared as JSON text: a `__proto__` key must be in the trace as an own key, as it was sent.
      expect(JSON.stringify(trace!.arguments), `${name} ${s.label}`).toBe(JSON.stringify(JSON.parse(s.dataText)));
      expect(trace!.resultCode).toBe(s.envelope!.status === "success" ? "OK" : s.envelope!.error.code);
    }
  });
});

import { EnvelopeSchema, type Envelope } from "nova-contract";
import { toolUrl } from "./config";
import { InvalidEnvelopeError, ProtocolError, UnreachableError, describeFetchFailure } from "./errors";

export interface CallOptions {
  idToken: string;
  functionsUrl?: string;
  projectId?: string;
  region?: string;
  /** Extra headers (the Invocation adds X-Nova-Skill and X-Nova-Invocation). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export interface CallResponse {
  /** The callable `result`, exactly as parsed from the response body. */
  envelope: Envelope;
  /** The response body text, byte for byte. */
  rawBody: string;
  status: number;
  url: string;
}

/**
 * One callable request over plain HTTP: POST {"data": args} (null when there are none) with the
 * caller's Firebase ID token. Resolves with the envelope on HTTP 200 {"result": envelope}; throws a
 * ProtocolError for anything else ({"error": ...} from the SDK, non-200), InvalidEnvelopeError when
 * the result is not an envelope, UnreachableError when nothing answers.
 */
export async function callTool(
  tool: string,
  args: Record<string, unknown> | null,
  opts: CallOptions,
): Promise<CallResponse> {
  const url = toolUrl(tool, opts);
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${opts.idToken}`,
        ...opts.headers,
      },
      body: JSON.stringify({ data: args ?? null }),
    });
  } catch (err) {
    throw new UnreachableError(url, describeFetchFailure(err));
  }
  const rawBody = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ProtocolError(res.status, rawBody, null);
  }
  const obj = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (res.status !== 200 || !("result" in obj)) {
    const e = obj.error;
    const callableError = e !== null && typeof e === "object" ? (e as { status?: string; message?: string }) : null;
    throw new ProtocolError(res.status, rawBody, callableError);
  }
  const parsed = EnvelopeSchema.safeParse(obj.result);
  if (!parsed.success)
    throw new InvalidEnvelopeError(
      rawBody,
      parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "),
    );
  return { envelope: obj.result as Envelope, rawBody, status: res.status, url };
}

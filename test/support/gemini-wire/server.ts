import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { GenerateRequest, Genkit, ModelArgument } from "genkit";
import { genkitFor, type ScriptRunner } from "../../../nova/src/runtime";
import { requestRefusals, type Family, type Refusal } from "./rules";
import { toGenkitRequest, toRestResponse } from "./translate";
import { routeVertexTo } from "./vertex-route";

/** The double's port: test/support/gemini-wire/config.json, or NOVA_GEMINI_WIRE_PORT. */
export function wirePort(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = env.NOVA_GEMINI_WIRE_PORT?.trim();
  if (fromEnv) {
    const n = Number(fromEnv);
    if (!Number.isInteger(n) || n < 1 || n > 65535)
      throw new Error(`NOVA_GEMINI_WIRE_PORT must be a port, got "${fromEnv}"`);
    return n;
  }
  const cfg = JSON.parse(readFileSync(join(__dirname, "config.json"), "utf8")) as { port?: unknown };
  if (typeof cfg.port !== "number") throw new Error("test/support/gemini-wire/config.json has no port");
  return cfg.port;
}

/** The models the double serves, by family (each family's documented rules apply). */
export const WIRE_MODELS: Record<string, Family> = {
  "gemini-2.5-flash": "2.5",
  "gemini-2.5-pro": "2.5",
  "gemini-3-pro-preview": "3",
  "gemini-3-flash-preview": "3",
};

export type WireProvider = "googleai" | "vertexai";

/** One request the plugin sent, as recorded. */
export interface WireRequest {
  provider: WireProvider;
  model: string;
  method: "generateContent" | "streamGenerateContent";
  body: Record<string, unknown>;
  /** What the script was given. */
  request: GenerateRequest;
  status: number;
}

/** A script fault: a runner that throws this (or any error with `httpStatus`) gets that HTTP answer. */
const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const ROUTE =
  /^\/(v1beta|v1beta1|v1)\/(?:models|publishers\/google\/models)\/([A-Za-z0-9.\-_]+):(generateContent|streamGenerateContent)$/;

/**
 * The Gemini wire double: a loopback HTTP server speaking the Gemini REST format for the real
 * @genkit-ai/google-genai plugins (googleAI through its baseUrl option, Vertex express mode through
 * the routed origin), answering each request from a scenario script chosen by the request's API
 * key. It records every request, refuses (HTTP 400) and records anything the real API documents as
 * refused (rules.ts); tests fail on any refusal. The test or script that starts it stops it.
 */
export class GeminiWire {
  readonly requests: WireRequest[] = [];
  readonly refusals: (Refusal & { provider: WireProvider; model: string })[] = [];
  private server: Server | undefined;
  private unroute: (() => void) | undefined;
  private readonly scripts = new Map<string, ScriptRunner>();
  private readonly signatures = new Set<string>();
  private keys = 0;
  private refusalsTaken = 0;

  /** Port 0: any free port (unit tests), read back once listening. */
  constructor(public port: number = wirePort()) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", (err: NodeJS.ErrnoException) =>
        reject(
          err.code === "EADDRINUSE"
            ? new Error(
                `the Gemini wire double's port ${this.port} is taken (test/support/gemini-wire/config.json, or set NOVA_GEMINI_WIRE_PORT)`,
              )
            : err,
        ),
      );
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.unroute = await routeVertexTo(this.url);
    return this;
  }

  async stop(): Promise<void> {
    this.unroute?.();
    this.unroute = undefined;
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * A Genkit instance whose model is `provider/model` through the real plugin, loaded by the
   * runtime's own genkitFor and answered by `runner`: a fresh API key routes its requests here.
   */
  async model(
    runner: ScriptRunner,
    provider: WireProvider = "googleai",
    model = "gemini-2.5-flash",
  ): Promise<{ ai: Genkit; model: ModelArgument; key: string }> {
    if (!(model in WIRE_MODELS)) throw new Error(`the wire double serves ${Object.keys(WIRE_MODELS).join(", ")}`);
    const key = this.keyFor(runner);
    const env =
      provider === "googleai" ? { GEMINI_API_KEY: key, NOVA_GEMINI_BASE_URL: this.url } : { VERTEX_API_KEY: key };
    const { ai } = await genkitFor({ kind: provider, name: `${provider}/${model}` }, env);
    return { ai, model: `${provider}/${model}`, key };
  }

  /**
   * A fresh API key whose requests `runner` answers, for a plugin loaded elsewhere (the Nova codebase
   * on the Functions emulator, given the key and this double's url in agent/.env.local).
   */
  keyFor(runner: ScriptRunner): string {
    const key = `wire-key-${++this.keys}`;
    this.scripts.set(key, runner);
    return key;
  }

  /** The refusals since the last call (a test's afterEach: each test fails on its own). */
  takeRefusals(): GeminiWire["refusals"] {
    const fresh = this.refusals.slice(this.refusalsTaken);
    this.refusalsTaken = this.refusals.length;
    return fresh;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? "").split("?")[0]!;
    const m = ROUTE.exec(path);
    const provider: WireProvider = path.includes("/publishers/google/") ? "vertexai" : "googleai";
    if (req.method !== "POST" || !m) return error(res, 404, `unknown route ${req.method} ${path}`);
    const [, version, model, method] = m as unknown as [string, string, string, WireRequest["method"]];
    const family = WIRE_MODELS[model];
    if (!family) return error(res, 404, `models/${model} is not found`);
    if ((provider === "googleai" && version !== "v1beta") || (provider === "vertexai" && version !== "v1beta1"))
      return error(res, 404, `unexpected API version ${version}`);
    const key = String(req.headers["x-goog-api-key"] ?? "");
    const runner = this.scripts.get(key);
    // https://ai.google.dev/gemini-api/docs/api-key: a request without a valid key is refused.
    if (!runner) return error(res, 403, "API key not valid. Please pass a valid API key.");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return error(res, 400, "Invalid JSON payload received.");
    }
    const request = toGenkitRequest(body);
    const record: WireRequest = { provider, model, method, body, request, status: 200 };
    this.requests.push(record);
    const refused = requestRefusals(body, family, provider, this.signatures);
    if (refused.length > 0) {
      this.refusals.push(...refused.map((r) => ({ ...r, provider, model })));
      record.status = 400;
      return error(res, 400, refused.map((r) => r.detail).join("; "));
    }
    let reply;
    try {
      reply = await runner(structuredClone(request));
    } catch (err) {
      const status = (err as { httpStatus?: unknown }).httpStatus;
      record.status = typeof status === "number" ? status : 500;
      return error(
        res,
        record.status,
        typeof status === "number" ? "scripted model fault" : "Internal error encountered.",
      );
    }
    const rest = toRestResponse(reply, JSON.stringify(body.contents ?? []).length, () => {
      if (family !== "3") return undefined;
      const sig = Buffer.from(`sig-${this.signatures.size + 1}`).toString("base64");
      this.signatures.add(sig);
      return sig;
    });
    if (method === "streamGenerateContent") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: ${JSON.stringify(rest)}\r\n\r\n`);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(rest));
  }
}

/** The API's error shape (https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes). */
function error(res: ServerResponse, code: number, message: string): void {
  res.writeHead(code, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { code, message, status: STATUS_NAMES[code] ?? "UNKNOWN" } }));
}

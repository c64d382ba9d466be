import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import { RunContext, tool as agentsTool } from "@openai/agents-core";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { genkit } from "genkit";
import { validateSchema as genkitValidate } from "genkit/schema";
import { toStrictJsonSchema } from "openai/lib/transform";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ERROR_CATALOG, type Envelope } from "nova-contract";
import type { ToolDeclaration } from "../../../functions/src/runtime/declaration";
import { invokeTool } from "../../../functions/src/runtime/invoke";
import { MemoryStore } from "../../../functions/src/store/memory";
import { MemoryTraceSink } from "../../../functions/src/trace/entry";
import { loadCatalog } from "../../../scripts/contracts/catalog";
import type { GeminiDeclaration, JsonSchema, StrictDeclaration } from "../../../scripts/contracts/declarations";
import { seededAuth, seededDocs } from "../../support/seeded-store";
import { ASTRAL_STRINGS, corpusFor, isAstralItem, type CorpusItem } from "./corpus";

/**
 * The declarations in contracts/, read from disk as published, loaded by the libraries agent
 * developers use (SPEC section 3), offline: Genkit (defineTool with inputJsonSchema, the first call
 * included, inside ai.generate with a local model), the MCP SDK (ToolSchema, listTools and callTool
 * over its in-memory transport), OpenAI Agents JS (tool() in strict mode) and the openai SDK's
 * strict-schema transform, and @google/genai (FunctionDeclaration in Gemini API and Vertex
 * requests, built and sent to a local fetch). Every call reaches the real runtime (invokeTool) on
 * the seed's data. Then each library's own validator is compared with the server on the agreement
 * corpus (test/unit/contracts/corpus.ts, astral inputs included).
 */

const ROOT = join(__dirname, "..", "..", "..");
const decls = loadCatalog();
const strictOf = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, "contracts", "strict", `${name}.json`), "utf8")) as StrictDeclaration;
const geminiOf = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, "contracts", "gemini", `${name}.json`), "utf8")) as GeminiDeclaration;

const store = new MemoryStore(seededDocs());
const operator = seededAuth().get("operator@acme.test")!;

async function serve(decl: ToolDeclaration, input: unknown): Promise<Envelope> {
  return invokeTool(decl, { auth: operator, data: input }, { store, sink: new MemoryTraceSink() });
}

/**
 * What each library's model sends: every tool's valid object examples, and for a free-text argument
 * one of 199 code points (emoji and CJK extension B: 396 UTF-16 units) that the declaration accepts.
 */
function callsFor(decl: ToolDeclaration): Record<string, unknown>[] {
  const objects = decl.examples.valid.filter((v): v is Record<string, unknown> => v !== null && typeof v === "object");
  const first = objects[0] ?? {};
  const astral = Object.entries(first)
    .filter(([, v]) => typeof v === "string")
    .map(([k]) => ({
      ...first,
      [k]:
        decl.name === "get_job_status"
          ? "job-failed-1"
          : `${"😀".repeat(150)} \u{20000}\u{20001}${"😀".repeat(40)} video`,
    }));
  return [...objects, ...astral];
}

function expectAnswered(env: Envelope, label: string): void {
  const code = env.status === "success" ? "OK" : env.error.code;
  expect({ label, validation: code !== "OK" && ERROR_CATALOG[env.error!.code].category === "validation" }).toEqual({
    label,
    validation: false,
  });
}

/** Per library and tool: corpus items judged as the server judges them. */
const agreement = new Map<string, { agree: number; total: number; astral: number; words: number }>();

/**
 * One library's verdicts against the server's on a tool's corpus. `null` for a tool without
 * arguments is accepted by the server only (agreement.test.ts explains the one asymmetry);
 * `inWords` marks a refusal the library's schema cannot say (Gemini: unknown keys).
 */
async function compare(
  library: string,
  decl: ToolDeclaration,
  accepts: (input: unknown) => boolean,
  inWords: (item: CorpusItem) => boolean = () => false,
): Promise<string[]> {
  const corpus = corpusFor(decl, strictOf(decl.name).input_schema);
  const noArguments = Object.keys((strictOf(decl.name).input_schema.properties as object) ?? {}).length === 0;
  const disagreements: string[] = [];
  let agree = 0;
  let words = 0;
  for (const item of corpus) {
    const env = await serve(decl, item.input);
    const server = env.status === "success" || ERROR_CATALOG[env.error.code].category !== "validation";
    const declared = accepts(item.input);
    if (declared === server) agree++;
    else if (item.input === null && noArguments && server) agree++;
    else if (declared && !server && inWords(item)) words++;
    else
      disagreements.push(
        `${item.label}: ${library} ${declared ? "accepts" : "refuses"}, server ${env.status === "success" ? "OK" : env.error.code}`,
      );
  }
  agreement.set(`${decl.name} | ${library}`, {
    agree,
    total: corpus.length,
    astral: corpus.filter(isAstralItem).length,
    words,
  });
  return disagreements;
}

afterAll(() => {
  const lines = [...agreement.entries()].map(
    ([k, v]) =>
      `${k}: ${v.agree}/${v.total} agree (astral ${v.astral})${v.words ? `, ${v.words} refused in words only` : ""}`,
  );
  console.info(`agreement per tool and library:\n${lines.join("\n")}`);
});

describe("Genkit 1.42 (defineTool with inputJsonSchema, ai.generate with a local model)", () => {
  it("runs every tool's first call inside one ai.generate loop, astral arguments included", async () => {
    const ai = genkit({});
    const requested = decls.flatMap((d) => callsFor(d).map((input) => ({ name: d.name, input })));
    const answers: { name: string; envelope: Envelope }[] = [];
    const tools = decls.map((d) => {
      const s = strictOf(d.name);
      return ai.defineTool(
        { name: d.name, description: s.description, inputJsonSchema: s.input_schema },
        async (input: unknown) => {
          const envelope = await serve(d, input);
          answers.push({ name: d.name, envelope });
          return envelope;
        },
      );
    });
    let turns = 0;
    const model = ai.defineModel(
      { name: "script-model", supports: { tools: true, multiturn: true } },
      async (request) => {
        turns++;
        const last = request.messages[request.messages.length - 1]!;
        if (last.role === "tool")
          return { message: { role: "model", content: [{ text: "done" }] }, finishReason: "stop" };
        return {
          message: {
            role: "model",
            content: requested.map((r, i) => ({ toolRequest: { name: r.name, ref: `call-${i}`, input: r.input } })),
          },
          finishReason: "stop",
        };
      },
    );
    const response = await ai.generate({ model, prompt: "Use every tool once.", tools, maxTurns: 3 });
    expect(response.text).toBe("done");
    expect(turns).toBe(2);
    expect(answers.map((a) => a.name).sort()).toEqual(requested.map((r) => r.name).sort());
    for (const a of answers) expectAnswered(a.envelope, a.name);
  });

  it.each(decls.map((d) => [d.name, d] as const))(
    "%s: Genkit's own validator agrees with the server on the corpus",
    async (_n, decl) => {
      const schema = strictOf(decl.name).input_schema;
      expect(await compare("genkit", decl, (input) => genkitValidate(input, { jsonSchema: schema }).valid)).toEqual([]);
    },
  );
});

describe("MCP SDK 1.32 (ToolSchema, listTools and callTool over InMemoryTransport)", () => {
  const mcpTools = decls.map((d) => {
    const s = strictOf(d.name);
    return { name: d.name, description: s.description, inputSchema: s.input_schema, outputSchema: s.output_schema };
  });

  it("every published declaration is a valid MCP Tool", () => {
    for (const t of mcpTools) expect(ToolSchema.safeParse(t).success, t.name).toBe(true);
  });

  it("lists all tools and calls each through the client, which checks structured output against outputSchema", async () => {
    const server = new Server({ name: "nova-tools", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools }));
    server.setRequestHandler(CallToolRequestSchema, async (req) => {
      const decl = decls.find((d) => d.name === req.params.name)!;
      const env = await serve(decl, req.params.arguments ?? {});
      if (env.status === "success")
        return {
          content: [{ type: "text", text: JSON.stringify(env) }],
          structuredContent: env.data as Record<string, unknown>,
        };
      return { content: [{ type: "text", text: JSON.stringify(env) }], isError: true };
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "agreement", version: "1.0.0" });
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(decls.map((d) => d.name).sort());
      for (const d of decls) {
        for (const args of callsFor(d)) {
          const result = await client.callTool({ name: d.name, arguments: args });
          const env = JSON.parse((result.content as { text: string }[])[0]!.text) as Envelope;
          expectAnswered(env, `${d.name} ${JSON.stringify(args).slice(0, 60)}`);
          if (env.status === "success") expect(result.structuredContent).toEqual(env.data);
        }
      }
    } finally {
      await client.close();
      await server.close();
    }
  });

  it.each(decls.map((d) => [d.name, d] as const))(
    "%s: the SDK's validator agrees with the server on the corpus",
    async (_n, decl) => {
      const validate = new AjvJsonSchemaValidator().getValidator(strictOf(decl.name).input_schema);
      expect(await compare("mcp", decl, (input) => validate(input).valid)).toEqual([]);
    },
  );
});

describe("OpenAI Agents JS 0.14 tool() in strict mode, and the openai SDK's strict-schema transform", () => {
  const ajv2020 = new Ajv2020({ strict: false, allErrors: true });

  it.each(decls.map((d) => [d.name, d] as const))(
    "%s: accepted in strict mode unchanged, and invoked with the published examples",
    async (_n, decl) => {
      const s = strictOf(decl.name);
      // The openai SDK's transform leaves an already strict schema as it is (it only spells out an empty `required`).
      const props = Object.keys((s.input_schema.properties as object | undefined) ?? {});
      const asStrict = props.length ? s.input_schema : { ...s.input_schema, required: [] };
      expect(toStrictJsonSchema(s.input_schema as never)).toEqual(asStrict);
      const t = agentsTool({
        name: decl.name,
        description: s.description,
        parameters: s.input_schema as never,
        strict: true,
        execute: async (input: unknown) => JSON.stringify(await serve(decl, input)),
      });
      expect(t.strict).toBe(true);
      expect(t.parameters).toEqual(asStrict);
      for (const args of callsFor(decl)) {
        const out = await t.invoke(new RunContext(), JSON.stringify(args));
        expectAnswered(JSON.parse(out as string) as Envelope, `${decl.name} ${JSON.stringify(args).slice(0, 60)}`);
      }
    },
  );

  it.each(decls.map((d) => [d.name, d] as const))(
    "%s: the strict schema OpenAI enforces agrees with the server on the corpus",
    async (_n, decl) => {
      const t = agentsTool({
        name: decl.name,
        description: "",
        parameters: strictOf(decl.name).input_schema as never,
        strict: true,
        execute: async () => "",
      });
      const validate = ajv2020.compile(toStrictJsonSchema(t.parameters as never) as object);
      expect(await compare("openai-strict", decl, (input) => validate(input) as boolean)).toEqual([]);
    },
  );
});

describe("@google/genai 2.32 FunctionDeclaration, Gemini API and Vertex requests built offline", () => {
  // @google/genai ships as an ES module only: loaded with import(), as an ESM consumer would.
  type FunctionDeclaration = import("@google/genai", { with: { "resolution-mode": "import" } }).FunctionDeclaration;
  const declarations = decls.map((d) => geminiOf(d.name) as FunctionDeclaration);
  const sent: { url: string; body: { tools?: { functionDeclarations?: unknown[] }[] } }[] = [];
  const fakeFetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    const calls = decls.flatMap((d) => callsFor(d).map((args) => ({ functionCall: { name: d.name, args } })));
    return new Response(
      JSON.stringify({ candidates: [{ content: { role: "model", parts: calls }, finishReason: "STOP" }] }),
      {
        status: 200,
        headers: { "content-type": "application/json" },
      },
    );
  };

  it.each([
    ["Gemini API", { apiKey: "offline-test-key" }],
    ["Vertex AI", { vertexai: true, apiKey: "offline-test-key" }],
  ] as const)(
    "%s: the request carries every declaration as published; the model's calls run on the server",
    async (_label, options) => {
      const spy = vi.spyOn(globalThis, "fetch").mockImplementation(fakeFetch as typeof fetch);
      try {
        sent.length = 0;
        const { GoogleGenAI } = await import("@google/genai");
        const ai = new GoogleGenAI(options);
        const response = await ai.models.generateContent({
          model: "gemini-2.5-flash",
          contents: "Use every tool once.",
          config: { tools: [{ functionDeclarations: declarations }] },
        });
        expect(sent).toHaveLength(1);
        expect(sent[0]!.body.tools?.[0]?.functionDeclarations).toEqual(declarations);
        const calls = response.functionCalls ?? [];
        expect(calls.length).toBe(decls.reduce((n, d) => n + callsFor(d).length, 0));
        for (const c of calls)
          expectAnswered(
            await serve(
              decls.find((d) => d.name === c.name)!,
              c.args ?? {},
            ),
            `${c.name}`,
          );
      } finally {
        spy.mockRestore();
      }
    },
  );

  it.each(decls.map((d) => [d.name, d] as const))(
    "%s: the Gemini parameters agree with the server except unknown keys, which the description refuses in words",
    async (_n, decl) => {
      const g = geminiOf(decl.name);
      // The OpenAPI subset through Ajv's draft-07 validator (which knows `nullable`); no parameters: the model sends {}.
      const validate = new Ajv({ strict: false }).compile(
        (g.parameters ?? { type: "object", properties: {} }) as JsonSchema,
      );
      const known = new Set(Object.keys((g.parameters?.properties as object | undefined) ?? {}));
      const unknownKey = (item: CorpusItem) =>
        item.input !== null &&
        typeof item.input === "object" &&
        !Array.isArray(item.input) &&
        Object.keys(item.input).some((k) => !known.has(k));
      expect(g.description).toMatch(/no other argument is accepted|any argument is refused/);
      expect(await compare("gemini", decl, (input) => validate(input) as boolean, unknownKey)).toEqual([]);
    },
  );
});

it("the astral strings of the corpus really differ in code points and UTF-16 units", () => {
  expect(ASTRAL_STRINGS.some((s) => [...s].length !== s.length)).toBe(true);
});

/**
 * The Vertex plugin has no endpoint option: getVertexAIUrl (node_modules/@genkit-ai/google-genai/
 * src/vertexai/client.ts) always builds https://aiplatform.googleapis.com/... (express mode). So the
 * wire double routes that one origin to itself below the plugin, at Node's fetch dispatcher (the
 * global undici dispatcher fetch reads), the way a hosts entry would; the plugin's code, request and
 * headers are unchanged, and every other origin goes where it went before.
 */
const DISPATCHER = Symbol.for("undici.globalDispatcher.1");

export const VERTEX_ORIGIN = "https://aiplatform.googleapis.com";

type Dispatcher = { dispatch(opts: { origin?: unknown }, handler: unknown): boolean };

/** Routes VERTEX_ORIGIN to `target` (http://127.0.0.1:PORT) until the returned function is called. */
export async function routeVertexTo(target: string): Promise<() => void> {
  // Node creates its dispatcher with the first fetch; a data: URL makes no request.
  await fetch("data:,").catch(() => undefined);
  const g = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
  const original = g[DISPATCHER];
  if (!original) throw new Error("no global fetch dispatcher to route Vertex through");
  const routed: Dispatcher = Object.create(original as object) as Dispatcher;
  routed.dispatch = (opts, handler) => {
    const origin = String(opts.origin ?? "");
    return original.dispatch(origin === VERTEX_ORIGIN ? { ...opts, origin: target } : opts, handler);
  };
  g[DISPATCHER] = routed;
  return () => {
    if (g[DISPATCHER] === routed) g[DISPATCHER] = original;
  };
}

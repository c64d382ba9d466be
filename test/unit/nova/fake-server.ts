/**
 * A tiny local server speaking the two protocols the Nova client uses: the Auth emulator's
 * accounts:signInWithPassword and the Firebase callable protocol (POST {"data": ...} ->
 * {"result": envelope} or {"error": {...}}). Listens on port 0; records every request.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeServer {
  host: string;
  origin: string;
  requests: SeenRequest[];
  /** tool -> the exact response body text to send (HTTP 200) or a [status, body] pair. */
  responses: Map<string, string | [number, string]>;
  users: Map<string, string>;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const responses = new Map<string, string | [number, string]>();
  const users = new Map<string, string>([["operator@acme.test", "nova-dev-pass"]]);
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const url = req.url ?? "";
      if (url.startsWith("/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword")) {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        if (users.get(email) === password) {
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ idToken: `token-for-${email}`, localId: `uid-${email}`, email }));
        } else {
          res
            .writeHead(400, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { code: 400, message: "INVALID_LOGIN_CREDENTIALS" } }));
        }
        return;
      }
      const m = /^\/demo-nova\/us-central1\/([a-z_]+)$/.exec(url);
      const response = m ? responses.get(m[1]!) : undefined;
      if (!m || response === undefined) {
        res.writeHead(404, { "content-type": "text/plain" }).end("Function does not exist");
        return;
      }
      const [status, text] = typeof response === "string" ? [200, response] : response;
      res.writeHead(status, { "content-type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    responses,
    users,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

"use strict";
/**
 * Serves express-style `(req, res)` handlers (what firebase-functions' onCall returns) from a plain
 * node:http server, with just the express surface the callable protocol uses: a parsed JSON body in
 * req.body, req.header()/req.get(), res.status().send(). Plain JavaScript on purpose: the cold-start
 * children load it without a TypeScript loader, so the loader's cost is in neither side's figure.
 * Both sides of every comparison are served by this same code, so its cost cancels out of ratios.
 */
const http = require("node:http");

function decorate(req, res, body) {
  req.body = body;
  req.header = req.get = (name) => req.headers[String(name).toLowerCase()];
  res.status = (code) => {
    res.statusCode = code;
    return res;
  };
  res.set = res.header = (name, value) => {
    res.setHeader(name, value);
    return res;
  };
  res.send = (payload) => {
    if (payload !== null && typeof payload === "object" && !Buffer.isBuffer(payload)) {
      if (!res.getHeader("content-type")) res.setHeader("content-type", "application/json; charset=utf-8");
      payload = JSON.stringify(payload);
    }
    res.end(payload);
    return res;
  };
  res.json = (payload) => {
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify(payload));
    return res;
  };
}

/**
 * routes: path -> handler. Resolves with the listening server and its port (0 picks a free one).
 * An unknown path is 404; a body that is not JSON is left undefined, which the callable handler
 * itself rejects as a malformed request, as it would in production.
 */
function serve(routes, port = 0) {
  const server = http.createServer((req, res) => {
    const handler = routes[(req.url || "/").split("?")[0]];
    if (!handler) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let body;
      const type = String(req.headers["content-type"] || "").toLowerCase();
      if (type.startsWith("application/json")) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          body = undefined;
        }
      }
      decorate(req, res, body);
      Promise.resolve(handler(req, res)).catch(() => {
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        }
      });
    });
  });
  // Keep-alive for the client's pooled connections: transport cost is then the same on both sides.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ server, port: server.address().port }));
  });
}

module.exports = { serve };

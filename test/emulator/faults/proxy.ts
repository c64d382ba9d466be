import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * pass: bytes flow both ways. drop: connections stay open and every byte is swallowed (a black
 * hole: reads hang). delay: every chunk is held for `delayMs`. reset: every connection, open or new,
 * is reset (RST) at once.
 */
export type FaultMode = "pass" | "drop" | "delay" | "reset";

/**
 * A TCP proxy between the Functions emulator and the Firestore emulator that can pass, delay or
 * drop traffic. Switching mode cuts the open connections (a fault begins or ends as a real network
 * event does), so the client reconnects and no stream carries half-forwarded bytes across modes.
 */
export class FaultProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private mode: FaultMode = "pass";
  private delayMs = 0;
  /** Connections accepted and bytes forwarded upstream: proof that the functions' reads go through here. */
  accepted = 0;
  forwarded = 0;

  constructor(
    private readonly upstreamPort: number,
    private readonly upstreamHost = "127.0.0.1",
  ) {}

  async listen(): Promise<number> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("proxy has no port");
    return address.port;
  }

  set(mode: FaultMode, delayMs = 0): void {
    this.mode = mode;
    this.delayMs = delayMs;
    this.cutAll();
  }

  async close(): Promise<void> {
    this.cutAll();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private cutAll(): void {
    for (const { client, upstream } of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  private accept(client: Socket): void {
    this.accepted++;
    client.on("error", () => undefined);
    if (this.mode === "reset") {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(this.upstreamPort, this.upstreamHost);
    const pair = { client, upstream };
    this.pairs.add(pair);
    // Whatever the upstream does (refuses: Firestore stopped; closes), the client sees it at once.
    upstream.on("error", () => client.resetAndDestroy());
    upstream.on("close", () => {
      this.pairs.delete(pair);
      client.destroy();
    });
    client.on("close", () => {
      this.pairs.delete(pair);
      upstream.destroy();
    });
    this.relay(client, upstream, true);
    this.relay(upstream, client, false);
  }

  private relay(from: Socket, to: Socket, countUp: boolean): void {
    from.on("data", (chunk: Buffer) => {
      if (this.mode === "drop") return;
      const write = () => {
        if (!to.destroyed) {
          to.write(chunk);
          if (countUp) this.forwarded += chunk.length;
        }
      };
      if (this.mode === "delay" && this.delayMs > 0) setTimeout(write, this.delayMs);
      else write();
    });
  }
}

import type { Server } from "node:http";
export type Handler = (req: unknown, res: unknown) => unknown;
export declare function serve(
  routes: Record<string, Handler>,
  port?: number,
): Promise<{ server: Server; port: number }>;

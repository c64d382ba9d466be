import type { Firestore } from "firebase-admin/firestore";
import type { onCall as OnCall } from "firebase-functions/v2/https";
export type ReadOp =
  | { kind: "get"; path: string }
  | {
      kind: "query";
      collection: string;
      where?: [string, string, unknown][];
      orderBy?: [string, "asc" | "desc"][];
      limit: number;
    };
export declare function bareHandler(
  onCall: typeof OnCall,
  getDb: () => Firestore,
  waves: ReadOp[][],
): ReturnType<typeof OnCall>;
export declare function read(db: Firestore, op: ReadOp): Promise<unknown>;
export declare function revive(value: unknown): unknown;
export declare function countReads(results: unknown[], waves: ReadOp[][]): number;

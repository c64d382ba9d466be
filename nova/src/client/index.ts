export * from "./config";
export * from "./errors";
export * from "./auth";
export * from "./http";
export * from "./invocation";

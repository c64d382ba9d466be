export * from "./record";
export * from "./run";

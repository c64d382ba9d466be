export * from "./errors";
export * from "./evidence";
export * from "./envelope";
export * from "./skills";
export * from "./tools";
export * from "./canonical";
export * from "./ids";
export * from "./json";

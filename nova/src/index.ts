export * from "./tools";
export * from "./schemas";
export * from "./client";
export * from "./validator";
export * from "./runtime";

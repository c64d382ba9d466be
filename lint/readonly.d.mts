// Types of lint/readonly.mjs for the TypeScript that imports it (test/unit/security/readonly.test.ts).
import type { IModule } from "dependency-cruiser";
import type { ESLint, Linter } from "eslint";

export declare const WRITE_NAMES: readonly string[];
export declare const readonlyPlugin: ESLint.Plugin;
export declare const READONLY_RULES: Linter.RulesRecord;
export declare function reach(modules: readonly IModule[], roots: readonly string[], valuesOnly: boolean): string[];
export declare function toolValueReach(toolsDir?: string, baseDir?: string): Promise<string[]>;

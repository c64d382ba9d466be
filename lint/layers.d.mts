// Types of lint/layers.mjs for the TypeScript that imports it (test/unit/security/readonly.test.ts).
import type { cruise, IConfiguration, ICruiseOptions, IForbiddenRuleType } from "dependency-cruiser";

export declare const CONTRACT: string;
export declare const ALLOWED_PACKAGES: string[];
export declare function readonlyReachRules(where: {
  tools: string;
  adapter: string;
  mayReach: string[];
}): IForbiddenRuleType[];
export declare const RESOLVE_OPTIONS: Parameters<typeof cruise>[2];
export declare const OPTIONS: ICruiseOptions;
declare const config: IConfiguration;
export default config;

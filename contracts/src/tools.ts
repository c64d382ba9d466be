import { TOOL_NAMES } from "./registry.generated";

/**
 * The tool registry: the one list of tools the build, the server's catalog, the bundles and Nova
 * share. It is generated from functions/src/tools/ by `npm run contracts:generate`, and the
 * contracts check fails when a tool file and the list disagree.
 */
export { TOOL_NAMES };
export type ToolName = (typeof TOOL_NAMES)[number];

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

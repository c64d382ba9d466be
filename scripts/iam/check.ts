import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { functionsServiceAccountEmail } from "../../functions/src/callable/service-account";
import { AGENT_SERVICE_ACCOUNT_ID } from "../../agent/src/config";
import {
  evaluate,
  evaluateAgent,
  normalizePolicies,
  report,
  rolesNeedingDefinitions,
  type AncestorPolicy,
  type RoleDefinition,
} from "./policy";

/**
 * `npm run check:iam -- --project ID`: proves the functions' service account cannot write Firestore
 * (docs/security.md, layer 4). Exit 0 when every role it holds is read-only, 1 when any role can
 * write Firestore or escalate (or cannot be shown not to), 2 when the input cannot be read.
 *
 *   --project ID       the project (required)
 *   --account EMAIL    default: nova-tools@ID.iam.gserviceaccount.com
 *   --policy FILE      recorded `gcloud projects get-iam-policy ID --format=json` (or the array of
 *                      `get-ancestors-iam-policy`) instead of asking gcloud
 *   --roles FILE       recorded role definitions (`gcloud iam roles describe ... --format=json`),
 *                      one object or an array; needed with --policy for custom roles
 *   --ancestors        ask gcloud for the folder and organization policies too
 *   --agent            check Nova's account instead (nova-agent@ID...): no Firestore role at all,
 *                      only roles/aiplatform.user, roles/logging.logWriter, secret access
 */
const USAGE =
  "usage: npm run check:iam -- --project ID [--account EMAIL] [--policy FILE] [--roles FILE] [--ancestors] [--agent]";

class UsageError extends Error {}

function gcloudJson(args: string[]): unknown {
  try {
    return JSON.parse(
      execFileSync("gcloud", [...args, "--format=json"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
    );
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim().split("\n").slice(-3).join(" ") ?? "";
    throw new UsageError(`gcloud ${args.slice(0, 3).join(" ")} failed${stderr ? `: ${stderr}` : ""}`);
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

/** `gcloud iam roles describe` for a custom role (projects/P/roles/X, organizations/O/roles/X) or a predefined one. */
function describeRole(role: string): RoleDefinition {
  const custom = /^(projects|organizations)\/([^/]+)\/roles\/([^/]+)$/.exec(role);
  const args = custom
    ? [
        "iam",
        "roles",
        "describe",
        custom[3]!,
        `--${custom[1] === "projects" ? "project" : "organization"}=${custom[2]}`,
      ]
    : ["iam", "roles", "describe", role];
  return gcloudJson(args) as RoleDefinition;
}

function main(argv: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        project: { type: "string" },
        account: { type: "string" },
        policy: { type: "string" },
        roles: { type: "string" },
        ancestors: { type: "boolean" },
        agent: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  try {
    if (!values.project) throw new UsageError(`--project is required\n${USAGE}`);
    const account =
      values.account ??
      (values.agent
        ? `${AGENT_SERVICE_ACCOUNT_ID}@${values.project}.iam.gserviceaccount.com`
        : functionsServiceAccountEmail(values.project));
    const policies: AncestorPolicy[] = values.policy
      ? normalizePolicies(readJson(values.policy), values.project)
      : normalizePolicies(
          gcloudJson(["projects", values.ancestors ? "get-ancestors-iam-policy" : "get-iam-policy", values.project]),
          values.project,
        );

    const definitions = new Map<string, RoleDefinition>();
    if (values.roles) {
      const raw = readJson(values.roles);
      for (const def of (Array.isArray(raw) ? raw : [raw]) as RoleDefinition[]) definitions.set(def.name, def);
    }
    if (values.agent) {
      const result = evaluateAgent(policies, account);
      const lines = report(result, true);
      process.stdout.write(lines.join("\n") + "\n");
      if (!result.ok) process.stderr.write(`check:iam: ${lines[lines.length - 1]}\n`);
      return result.ok ? 0 : 1;
    }
    // Live: look up what the tables do not know. Recorded: what --roles lacks stays unknown (fails).
    if (!values.policy) {
      for (const role of rolesNeedingDefinitions(policies, account))
        if (!definitions.has(role)) definitions.set(role, describeRole(role));
    }

    const result = evaluate(policies, account, definitions);
    const lines = report(result);
    process.stdout.write(lines.join("\n") + "\n");
    // The reasons again on stderr, where a CI log shows failures.
    if (!result.ok)
      process.stderr.write(
        lines
          .filter((l) => /^\s*FAIL|^FAILED|holds no role/.test(l))
          .map((l) => `check:iam: ${l.trim()}`)
          .join("\n") + "\n",
      );
    return result.ok ? 0 : 1;
  } catch (err) {
    if (!(err instanceof UsageError) && !(err instanceof Error && err.message.startsWith("not an IAM policy")))
      throw err;
    process.stderr.write(`check:iam: ${err.message}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));

import { parseArgs } from "node:util";
import { pseudonym, pseudonymKey, PSEUDONYM_SECRET } from "../../functions/src/trace/pseudonym";
import { PROJECT_ID } from "../emulators/suite";

const USAGE = `npm run pseudonym -- --workspace ID [--user UID] [--project PROJECT]

Prints the pseudonyms a deployment's traces use for a workspace (w_...) and/or a user (u_...), to
filter its calls (docs/operations.md). The key is the deployment's:
  production: NOVA_PSEUDONYM_KEY="$(gcloud secrets versions access latest --secret=${PSEUDONYM_SECRET} --project PROJECT)" npm run pseudonym -- --workspace acme
  emulator:   npm run pseudonym -- --workspace acme      (keyed by the project id, ${PROJECT_ID} unless --project)
The key itself is never printed.`;

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      workspace: { type: "string" },
      user: { type: "string" },
      project: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help || (!values.workspace && !values.user)) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const fromSecret = Boolean(process.env[PSEUDONYM_SECRET]);
  // Same derivation as the functions: the secret when set, else the project-id fallback.
  const key = pseudonymKey({
    [PSEUDONYM_SECRET]: process.env[PSEUDONYM_SECRET],
    GCLOUD_PROJECT: values.project ?? PROJECT_ID,
  });
  process.stderr.write(
    fromSecret
      ? `key: ${PSEUDONYM_SECRET} from the environment\n`
      : `key: project-id fallback for ${values.project ?? PROJECT_ID} (the emulator's; a deployment with the secret needs ${PSEUDONYM_SECRET} set)\n`,
  );
  if (values.workspace) process.stdout.write(`${pseudonym("w", values.workspace, key)}\n`);
  if (values.user) process.stdout.write(`${pseudonym("u", values.user, key)}\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
  process.exit(2);
}

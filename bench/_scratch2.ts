import { emulatorEnv, loadCatalog } from "./context";
import { runReads } from "./reads";
import { runOverhead } from "./overhead";
async function main() {
  const { spawn } = require("node:child_process");
  const java = spawn("java", ["-cp", "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar", "com.google.cloud.datastore.emulator.firestore.CloudFirestore", "start", "--host=127.0.0.1", "--port=18080", ...(process.env.RULES ? ["--rules=/work/main/firestore.rules"] : []), "--seed_from_export=/work/main/emulator-data/firestore_export/firestore_export.overall_export_metadata"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) { try { await fetch("http://127.0.0.1:18080/"); break; } catch { await new Promise((r) => setTimeout(r, 300)); } }
  try {
    const ports = { firestore: 18080, auth: 19099 } as never;
    const env = emulatorEnv(ports);
    for (const k of ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "GCLOUD_PROJECT", "FIREBASE_CONFIG"]) process.env[k] = env[k];
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const claims = { iss: "https://securetoken.google.com/demo-nova", aud: "demo-nova", sub: "u-acme-owner", user_id: "u-acme-owner", auth_time: now, iat: now, exp: now + 3600, workspaceId: "acme", firebase: { identities: {}, sign_in_provider: "password" } };
    const idToken = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    const user = { email: "owner@acme.test", uid: "u-acme-owner", idToken, claims };
    const ctx = { ports, env, tools: loadCatalog().filter((t) => !process.env.TOOLS || process.env.TOOLS.split(",").includes(t.name)), user, loadUsers: [user], quick: true };
    const reads = await runReads(ctx);
    const pr = new Map<string, number>();
    for (const d of reads.details as { tool: string; reads: number }[]) if (!pr.has(d.tool)) pr.set(d.tool, d.reads);
    const r = await runOverhead(ctx, reads.twins, pr);
    for (const row of r.rows) console.log(row.subject, row.metric, row.value);
  } finally { java.kill(); }
}
main();

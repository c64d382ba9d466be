/**
 * Decides from an IAM policy whether the functions' service account can write Firestore (or give
 * itself that power). Pure: the policy and role definitions come in as data, so the same code runs
 * on `gcloud` output and on recorded fixtures. Used by scripts/iam/check.ts.
 */

export interface Binding {
  readonly role: string;
  readonly members?: readonly string[];
  readonly condition?: { readonly title?: string; readonly expression?: string };
}

export interface Policy {
  readonly bindings?: readonly Binding[];
}

/** One level of `gcloud projects get-ancestors-iam-policy`: the project, its folders, its org. */
export interface AncestorPolicy {
  readonly id: string;
  readonly type: string;
  readonly policy: Policy;
}

export interface RoleDefinition {
  readonly name: string;
  readonly includedPermissions?: readonly string[];
}

export type Verdict = "read-only" | "writes-firestore" | "escalates" | "unknown" | "not-allowed";

export interface Grant {
  readonly role: string;
  /** Where the binding is: "project nova-prod", "organization 123". */
  readonly on: string;
  /** The member that matched: the account itself, allUsers or allAuthenticatedUsers. */
  readonly member: string;
  readonly condition: string | null;
  readonly verdict: Verdict;
  readonly reason: string;
}

export interface Evaluation {
  readonly account: string;
  readonly grants: Grant[];
  /** Bindings that may include the account but cannot be resolved from the policy (groups...). */
  readonly unresolved: { readonly role: string; readonly member: string; readonly on: string }[];
  readonly ok: boolean;
}

/**
 * Predefined roles that change Firestore data or its databases, indexes or backups. Basic roles
 * included: roles/editor and roles/owner hold datastore.entities.create/update/delete. A role not
 * in these tables is judged by its permissions (gcloud iam roles describe, or --roles).
 */
export const FIRESTORE_WRITE_ROLES: Readonly<Record<string, string>> = {
  "roles/owner": "basic role with every permission, Firestore writes included",
  "roles/editor": "basic role with datastore.entities.create/update/delete",
  "roles/datastore.admin": "datastore.*: every Firestore permission",
  "roles/datastore.owner": "full access to Firestore, data writes included",
  "roles/datastore.user": "read/write access to Firestore data",
  "roles/datastore.importExportAdmin": "imports overwrite Firestore data",
  "roles/datastore.bulkAdmin": "bulk-deletes Firestore data",
  "roles/datastore.cloneAdmin": "creates databases by cloning",
  "roles/datastore.restoreAdmin": "restores Firestore databases from backups",
  "roles/datastore.indexAdmin": "changes Firestore indexes",
  "roles/datastore.backupsAdmin": "deletes Firestore backups",
  "roles/datastore.backupSchedulesAdmin": "changes Firestore backup schedules",
  "roles/firebase.admin": "full access to Firebase products, Firestore included",
  "roles/firebase.developAdmin": "full access to Firebase Build products, Firestore included",
  "roles/firebase.sdkAdminServiceAgent": "the Admin SDK service agent's role, with Firestore writes",
  "roles/firebase.managementServiceAgent": "Firebase management service agent, with Firestore writes",
};

/** Predefined roles that let a holder grant itself roles or act as another (more powerful) account. */
export const ESCALATION_ROLES: Readonly<Record<string, string>> = {
  "roles/resourcemanager.projectIamAdmin": "can grant itself any project role",
  "roles/iam.securityAdmin": "can grant itself any role",
  "roles/iam.roleAdmin": "can add write permissions to a custom role it holds",
  "roles/iam.serviceAccountAdmin": "can change who may act as other service accounts",
  "roles/iam.serviceAccountUser": "can act as other service accounts (e.g. the default one, an editor)",
  "roles/iam.serviceAccountTokenCreator": "can mint tokens of other service accounts",
  "roles/iam.serviceAccountKeyAdmin": "can create keys of other service accounts",
  "roles/iam.workloadIdentityUser": "can impersonate service accounts",
};

/** Predefined roles known to hold no Firestore write and no escalation. */
export const KNOWN_SAFE_ROLES: Readonly<Record<string, string>> = {
  "roles/datastore.viewer": "reads Firestore",
  "roles/logging.logWriter": "writes log entries",
  "roles/monitoring.metricWriter": "writes metrics",
  "roles/cloudtrace.agent": "writes traces",
  "roles/secretmanager.secretAccessor": "reads secret values (the pseudonym key)",
};

/** Permissions that write Firestore: any datastore permission whose verb is not a read. */
const DATASTORE_READ_VERBS = new Set(["get", "list", "getMetadata", "getIamPolicy"]);
const ESCALATION_PERMISSIONS = new Set([
  "resourcemanager.projects.setIamPolicy",
  "resourcemanager.folders.setIamPolicy",
  "resourcemanager.organizations.setIamPolicy",
  "iam.roles.update",
  "iam.serviceAccounts.actAs",
  "iam.serviceAccounts.getAccessToken",
  "iam.serviceAccounts.signBlob",
  "iam.serviceAccounts.signJwt",
  "iam.serviceAccounts.implicitDelegation",
  "iam.serviceAccounts.setIamPolicy",
  "iam.serviceAccountKeys.create",
]);

export function classifyPermissions(permissions: readonly string[]): { verdict: Verdict; reason: string } {
  const writes = permissions.filter(
    (p) => p.startsWith("datastore.") && !DATASTORE_READ_VERBS.has(p.split(".").pop()!),
  );
  if (writes.length) return { verdict: "writes-firestore", reason: `grants ${writes.sort().join(", ")}` };
  const escalations = permissions.filter((p) => ESCALATION_PERMISSIONS.has(p));
  if (escalations.length) return { verdict: "escalates", reason: `grants ${escalations.sort().join(", ")}` };
  return { verdict: "read-only", reason: `no Firestore write among its ${permissions.length} permissions` };
}

/** A role's verdict: the tables first, then its permissions when its definition is known. */
export function classifyRole(
  role: string,
  definitions: ReadonlyMap<string, RoleDefinition>,
): { verdict: Verdict; reason: string } {
  if (FIRESTORE_WRITE_ROLES[role]) return { verdict: "writes-firestore", reason: FIRESTORE_WRITE_ROLES[role]! };
  if (ESCALATION_ROLES[role]) return { verdict: "escalates", reason: ESCALATION_ROLES[role]! };
  if (KNOWN_SAFE_ROLES[role]) return { verdict: "read-only", reason: KNOWN_SAFE_ROLES[role]! };
  const def = definitions.get(role);
  if (def) return classifyPermissions(def.includedPermissions ?? []);
  return { verdict: "unknown", reason: "no definition available, so it cannot be shown to be read-only" };
}

/** Custom roles (projects/P/roles/X, organizations/O/roles/X) and predefined roles outside the tables. */
export function rolesNeedingDefinitions(policies: readonly AncestorPolicy[], account: string): string[] {
  const roles = new Set<string>();
  for (const { policy } of policies) {
    for (const b of policy.bindings ?? []) {
      if (!(b.members ?? []).some((m) => covers(m, account))) continue;
      if (!FIRESTORE_WRITE_ROLES[b.role] && !ESCALATION_ROLES[b.role] && !KNOWN_SAFE_ROLES[b.role]) roles.add(b.role);
    }
  }
  return [...roles].sort();
}

/** Does this member string include the account? Exact match, or everyone. */
function covers(member: string, account: string): boolean {
  const m = member.toLowerCase();
  return m === `serviceaccount:${account.toLowerCase()}` || m === "allusers" || m === "allauthenticatedusers";
}

/** Members that might include a service account but cannot be resolved from the policy alone. */
function mayCover(member: string): boolean {
  return /^(group:|principalSet:|principal:)/.test(member);
}

export function normalizePolicies(input: unknown, projectId: string): AncestorPolicy[] {
  if (Array.isArray(input)) return input as AncestorPolicy[];
  if (input && typeof input === "object" && ("bindings" in input || "etag" in input))
    return [{ id: projectId, type: "project", policy: input as Policy }];
  throw new Error(
    "not an IAM policy: expected the JSON of `gcloud projects get-iam-policy` or `get-ancestors-iam-policy`",
  );
}

export function evaluate(
  policies: readonly AncestorPolicy[],
  account: string,
  definitions: ReadonlyMap<string, RoleDefinition>,
): Evaluation {
  const grants: Grant[] = [];
  const unresolved: Evaluation["unresolved"] = [];
  for (const { id, type, policy } of policies) {
    const on = `${type} ${id}`;
    for (const b of policy.bindings ?? []) {
      const condition = b.condition ? (b.condition.title ?? b.condition.expression ?? "conditional") : null;
      for (const member of b.members ?? []) {
        if (covers(member, account)) {
          grants.push({ role: b.role, on, member, condition, ...classifyRole(b.role, definitions) });
        } else if (mayCover(member)) {
          const { verdict } = classifyRole(b.role, definitions);
          if (verdict !== "read-only") unresolved.push({ role: b.role, member, on });
        }
      }
    }
  }
  // A condition may hold, so a conditional grant counts like any other.
  return { account, grants, unresolved, ok: grants.length > 0 && grants.every((g) => g.verdict === "read-only") };
}

/**
 * What Nova's own account (nova-agent) may hold, and nothing else (docs/security.md): no Firestore
 * role at all, not even the viewer's, since Nova reads data only through the tools with the caller's
 * token. Its model provider's role, log writing, and secret access (bound per secret, normally).
 */
export const AGENT_ALLOWED_ROLES: Readonly<Record<string, string>> = {
  "roles/aiplatform.user": "calls Vertex AI models (vertexai/... NOVA_MODEL)",
  "roles/logging.logWriter": "writes the invocation records",
  "roles/secretmanager.secretAccessor": "reads secret values (the pseudonym key, the Gemini API key)",
};

/** The agent account's check: an allow-list, so a Firestore role (any datastore role) or anything else fails. */
export function evaluateAgent(policies: readonly AncestorPolicy[], account: string): Evaluation {
  const base = evaluate(policies, account, new Map());
  const grants = base.grants.map((g): Grant => {
    const allowed = AGENT_ALLOWED_ROLES[g.role];
    if (allowed) return { ...g, verdict: "read-only", reason: allowed };
    const firestore = g.role.startsWith("roles/datastore.") || FIRESTORE_WRITE_ROLES[g.role];
    return {
      ...g,
      verdict: "not-allowed",
      reason: firestore
        ? "a Firestore role: Nova reads data only through the tools, with the caller's token"
        : "not one of the agent's roles (roles/aiplatform.user, roles/logging.logWriter, roles/secretmanager.secretAccessor)",
    };
  });
  return { ...base, grants, ok: grants.length > 0 && grants.every((g) => g.verdict === "read-only") };
}

export function report(e: Evaluation, agent = false): string[] {
  const lines = [`Service account ${e.account}:`];
  if (e.grants.length === 0)
    lines.push(
      "  holds no role in this policy (not created, or the policy is for another project): cannot confirm it is set up.",
    );
  for (const g of e.grants) {
    const mark = g.verdict === "read-only" ? "ok  " : "FAIL";
    const via = g.member.startsWith("serviceAccount:") ? "" : ` (through ${g.member})`;
    const cond = g.condition ? ` [condition: ${g.condition}]` : "";
    lines.push(`  ${mark} ${g.role} on ${g.on}${via}${cond}: ${g.verdict}, ${g.reason}`);
  }
  for (const u of e.unresolved)
    lines.push(
      `  note ${u.role} on ${u.on} is granted to ${u.member}; if the account is in it, that grant applies too (not checked).`,
    );
  lines.push(
    e.ok
      ? agent
        ? "OK: no Firestore role; only the model provider's, log writing and secret access."
        : "OK: no role that can write Firestore or escalate."
      : agent
        ? "FAILED: the agent's account must hold no Firestore role, only roles/aiplatform.user, roles/logging.logWriter and secret access."
        : "FAILED: the account must hold only read-only roles (roles/datastore.viewer, roles/logging.logWriter).",
  );
  return lines;
}

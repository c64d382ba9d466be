import { RECORD_ID } from "nova-contract";
import { ToolError } from "./errors";
import { MEMBER_ROLES, MemberDoc } from "../store/documents";
import type { ReadOnlyStore } from "../store/store";
import type { Authorization } from "../trace/entry";

/** What Firebase Auth verified about the caller; null when the request carried no ID token. */
export interface VerifiedAuth {
  readonly uid: string;
  readonly claims: Readonly<Record<string, unknown>>;
}

const WORKSPACE_ID = RECORD_ID;

/** A decision the runtime takes: every trace authorization value but `not_reached`. */
export type AuthzDecision = Exclude<Authorization, "not_reached">;

export function requireCaller(auth: VerifiedAuth | null): VerifiedAuth {
  if (!auth || typeof auth.uid !== "string" || auth.uid.length === 0) throw new ToolError("UNAUTHENTICATED");
  return auth;
}

/** The active workspace is the `workspaceId` claim; the ID token is the only place it can come from. */
export function workspaceClaim(auth: VerifiedAuth): string | null {
  const claim = auth.claims["workspaceId"];
  return typeof claim === "string" && WORKSPACE_ID.test(claim) ? claim : null;
}

/**
 * Binds the caller to the active workspace: a claim, a member document, a known role, not disabled.
 * Every failure is the same PERMISSION_DENIED to the caller; the decision says which for the trace.
 */
export async function bindWorkspace(
  store: ReadOnlyStore,
  auth: VerifiedAuth,
  decide: (d: AuthzDecision) => void,
): Promise<{ workspaceId: string; role: string }> {
  const workspaceId = workspaceClaim(auth);
  if (!workspaceId) return deny(decide, "denied_no_workspace_claim");
  if (!WORKSPACE_ID.test(auth.uid)) return deny(decide, "denied_not_member");
  const doc = await store.get(`workspaces/${workspaceId}/members/${auth.uid}`);
  if (!doc) return deny(decide, "denied_not_member");
  const member = MemberDoc.safeParse(doc.data);
  if (!member.success) return deny(decide, "denied_role");
  if (member.data.disabled === true) return deny(decide, "denied_disabled");
  if (!(MEMBER_ROLES as readonly string[]).includes(member.data.role)) return deny(decide, "denied_role");
  decide("allowed_member");
  return { workspaceId, role: member.data.role };
}

function deny(decide: (d: AuthzDecision) => void, decision: AuthzDecision): never {
  decide(decision);
  throw new ToolError("PERMISSION_DENIED");
}

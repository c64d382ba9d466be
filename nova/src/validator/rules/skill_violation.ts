import { SKILLS, isSkillName } from "nova-contract";
import type { Rule, RuleInput, Violation } from "../types";

/**
 * skill_violation: no skill loaded, more than one load, an unknown skill, a call before the load
 * (calls with no load at all: the ledger keeps loads in order but without timestamps), or a call of a
 * tool outside the loaded skill (the first load; SKILLS is the server's registry).
 */
export function skillViolation({ ledger }: RuleInput): Violation[] {
  if (!ledger) return [];
  const { skillLoads, calls } = ledger.ledger;
  const out: Violation[] = [];
  if (skillLoads.length === 0) {
    out.push({
      rule: "skill_violation",
      detail:
        calls.length > 0
          ? `no skill was loaded, yet ${calls.length} tool call(s) were made before any load`
          : "no skill was loaded",
    });
    return out;
  }
  if (skillLoads.length > 1) {
    out.push({
      rule: "skill_violation",
      detail: `exactly one skill load is allowed; the ledger has ${skillLoads.length}: ${skillLoads.join(", ")}`,
      skillLoads: [...skillLoads],
    });
  }
  const skill = skillLoads[0]!;
  if (!isSkillName(skill)) {
    out.push({ rule: "skill_violation", detail: `unknown skill "${skill}" was loaded`, skill });
    for (const call of calls)
      out.push({
        rule: "skill_violation",
        detail: `call ${call.seq} (${call.tool}) is outside the loaded skill "${skill}", which is unknown`,
        seq: call.seq,
        tool: call.tool,
        skill,
      });
    return out;
  }
  const allowed = SKILLS[skill] as readonly string[];
  for (const call of calls) {
    if (!allowed.includes(call.tool)) {
      out.push({
        rule: "skill_violation",
        detail: `call ${call.seq} uses ${call.tool}, which skill "${skill}" does not allow (allowed: ${allowed.join(", ")})`,
        seq: call.seq,
        tool: call.tool,
        skill,
      });
    }
  }
  return out;
}

export const rule: Rule = { name: "skill_violation", needs: { ledger: true, answer: false }, check: skillViolation };

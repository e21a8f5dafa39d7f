// Who observes a task (observerDispatch, spec §3.12): 10/12/14/16 the head of the applicant's
// 課/部/事業部/本部; 30/32/34/36 everyone in that organisation and below; 90 everyone. Named users
// of the observer node are added. The applicant is never their own observer.
import type { Db } from '../../db/client.ts';
import { allEmployeeUsers, usersInOrgTree, type Applicant } from './org-chain.ts';
import type { NodeDefinition } from './resolve-approvers.ts';

const HEAD_CODES: Record<string, string> = { '10': '10', '12': '12', '14': '14', '16': '16' };
const MEMBER_CODES: Record<string, string> = { '30': '10', '32': '12', '34': '14', '36': '16' };

async function byDispatch(db: Db, code: string | null, applicant: Applicant): Promise<number[]> {
  if (code === null) return [];
  if (code === '90') return allEmployeeUsers(db);
  const headLevel = HEAD_CODES[code];
  if (headLevel) {
    const head = applicant.chain.find((org) => org.level === headLevel)?.headUserId;
    return head ? [head] : [];
  }
  const memberLevel = MEMBER_CODES[code];
  const org = memberLevel ? applicant.chain.find((o) => o.level === memberLevel) : undefined;
  return org ? usersInOrgTree(db, org.id) : [];
}

export async function resolveObservers(
  db: Db,
  node: NodeDefinition,
  applicant: Applicant,
): Promise<number[]> {
  const ids = new Set([...(await byDispatch(db, node.observerDispatch, applicant)), ...node.approverIds]);
  ids.delete(applicant.userId);
  return [...ids].sort((a, b) => a - b);
}

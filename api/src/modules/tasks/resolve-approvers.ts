// Who an approver node awaits (architecture.md "Workflow lifecycle"): nodeDispatch 01 = head of the
// parent organisation, 02 = head of the applicant's own; or the named users. When that would be the
// applicant, selfDispatch 01 approves the node at once, 02 moves on to the next higher head (the
// applicant themself when there is none). A node never awaits its applicant: nobody acts on their own
// request (issue 12), so "self" is a pass at submission, with its reason (docs/workflow.md).
import type { Applicant } from './org-chain.ts';

export interface NodeDefinition {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly order: number;
  readonly nodeDispatch: '01' | '02' | null;
  readonly selfDispatch: '01' | '02';
  readonly observerDispatch: string | null;
  readonly approverIds: readonly number[];
}

export type Resolution =
  | { readonly kind: 'await'; readonly approverIds: readonly number[] }
  /** Passed at submission: `own` — selfDispatch 01 and the applicant is the approver; `top` — 02 and nobody above. */
  | { readonly kind: 'self'; readonly reason: 'own' | 'top' }
  | { readonly kind: 'none' };

/** The first head at or above `from` in the chain, skipping organisations without one. */
function headFrom(applicant: Applicant, from: number): { userId: number; index: number } | null {
  for (let index = from; index < applicant.chain.length; index++) {
    const head = applicant.chain[index]!.headUserId;
    if (head !== null) return { userId: head, index };
  }
  return null;
}

function resolveSelf(node: NodeDefinition, applicant: Applicant, selfIndex: number): Resolution {
  if (node.selfDispatch === '01') return { kind: 'self', reason: 'own' };
  let next = headFrom(applicant, selfIndex + 1);
  while (next && next.userId === applicant.userId) next = headFrom(applicant, next.index + 1);
  return next ? { kind: 'await', approverIds: [next.userId] } : { kind: 'self', reason: 'top' };
}

export function resolveApprovers(node: NodeDefinition, applicant: Applicant): Resolution {
  if (node.nodeDispatch === null) {
    const others = node.approverIds.filter((id) => id !== applicant.userId);
    if (others.length > 0) return { kind: 'await', approverIds: others };
    if (node.approverIds.length === 0) return { kind: 'none' };
    return resolveSelf(node, applicant, -1);
  }
  const head = headFrom(applicant, node.nodeDispatch === '01' ? 1 : 0);
  if (!head) return { kind: 'none' };
  if (head.userId !== applicant.userId) return { kind: 'await', approverIds: [head.userId] };
  return resolveSelf(node, applicant, head.index);
}

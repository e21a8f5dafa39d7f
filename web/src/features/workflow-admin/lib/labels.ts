import {
  labelOf,
  NODE_DISPATCHES,
  OBSERVER_DISPATCHES,
  OBSERVER_NODE_CODE,
  SELF_DISPATCHES,
} from '@portal/shared/codes';
import type { TNode } from '@portal/shared/contracts/workflows';

/** Who acts on (or observes) a node, in words. */
export function nodeAssignee(node: TNode): string {
  const named = node.approvers.map((user) => user.name).join('、');
  if (node.code === OBSERVER_NODE_CODE || node.is_observer) {
    return [labelOf(OBSERVER_DISPATCHES, node.observer_dispatch), named].filter(Boolean).join('、');
  }
  if (node.node_dispatch) return labelOf(NODE_DISPATCHES, node.node_dispatch);
  return named;
}

export const selfDispatchLabel = (node: TNode) => labelOf(SELF_DISPATCHES, node.self_dispatch);

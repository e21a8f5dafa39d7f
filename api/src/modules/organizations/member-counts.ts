// Each open organisation's people, in it and below, counted once however many of their positions lie
// there. Counted bottom-up from each organisation's own people, with a correction for the people who
// hold several positions (兼務): a join of the tree's closure with every position (the query this
// replaced) grew with people × depth and took 640 ms at 50,000 people.

/** An open organisation and its parent (null, or an organisation missing from the list: a closed one). */
export interface TreeNode {
  id: number;
  parentId: number | null;
}

/**
 * `direct`: each organisation's listed people; `multiple`: the organisations of each listed person who
 * holds more than one position. Organisations not in `tree` (closed ones) are not counted, and a
 * closed organisation cuts the way up as it cuts the chart's tree.
 */
export function subtreeMemberCounts(
  tree: readonly TreeNode[],
  direct: ReadonlyMap<number, number>,
  multiple: readonly (readonly number[])[],
): Map<number, number> {
  const parentOf = new Map(tree.map((node) => [node.id, node.parentId]));
  const counts = new Map<number, number>();
  /** The organisation and those above it, up to the first closed or missing one. */
  const upFrom = function* (id: number): Generator<number> {
    const seen = new Set<number>();
    for (let at: number | null | undefined = id; at != null && parentOf.has(at) && !seen.has(at);) {
      seen.add(at);
      yield at;
      at = parentOf.get(at);
    }
  };
  for (const [id, n] of direct) for (const at of upFrom(id)) counts.set(at, (counts.get(at) ?? 0) + n);
  // Someone with two positions below one organisation was added there twice: take the extra ones off.
  for (const organizations of multiple) {
    const times = new Map<number, number>();
    for (const id of organizations) for (const at of upFrom(id)) times.set(at, (times.get(at) ?? 0) + 1);
    for (const [at, k] of times) if (k > 1) counts.set(at, counts.get(at)! - (k - 1));
  }
  return counts;
}

/** Everything reachable from `roots` by following `next`, the roots included (a graph walk). */
export function reachable<T>(roots: Iterable<T>, next: (node: T) => Iterable<T>): Set<T> {
  const seen = new Set<T>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    stack.push(...next(node));
  }
  return seen;
}

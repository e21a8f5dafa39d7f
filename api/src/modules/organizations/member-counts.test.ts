import { describe, expect, it } from 'vitest';
import { subtreeMemberCounts } from './member-counts.ts';

// 1 ─ 2 ─ 4
//   └ 3       5 (closed, missing from the tree) ─ 6
const tree = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: 2 },
  { id: 6, parentId: 5 },
];

describe('subtreeMemberCounts', () => {
  it('adds each organisation’s people to it and every organisation above it', () => {
    const counts = subtreeMemberCounts(
      tree,
      new Map([
        [4, 2],
        [3, 1],
        [1, 1],
      ]),
      [],
    );
    expect(Object.fromEntries(counts)).toEqual({ 1: 4, 2: 2, 3: 1, 4: 2 });
  });

  it('counts once someone with positions in 3 and 4, above both; twice nowhere', () => {
    const counts = subtreeMemberCounts(
      tree,
      new Map([
        [4, 1],
        [3, 1],
      ]),
      [[3, 4]],
    );
    expect(Object.fromEntries(counts)).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1 });
  });

  it('stops at a closed organisation and leaves closed ones out', () => {
    const counts = subtreeMemberCounts(
      tree,
      new Map([
        [6, 3],
        [5, 2],
      ]),
      [[5, 6]],
    );
    expect(Object.fromEntries(counts)).toEqual({ 6: 3 });
  });
});

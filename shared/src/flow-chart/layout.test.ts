import { describe, expect, it } from 'vitest';
import {
  wrapLabel,
  approvalLevels,
  isDashed,
  layoutFlowChart,
  statusTone,
  type FlowDirection,
  type FlowNodeInput,
  type FlowTone,
} from './layout.ts';

function node(
  id: number,
  order: number,
  status = '00',
  overrides: Partial<FlowNodeInput> = {},
): FlowNodeInput {
  return {
    id,
    node_code: '01',
    node_name: `承認${id}`,
    order,
    status,
    approver_name: `承認者${id}`,
    is_proxy: false,
    ...overrides,
  };
}

const observer = (id: number, status = '00') => node(id, 99, status, { node_code: '95', node_name: '閲覧' });

describe('status colours and line styles', () => {
  it.each<[string, FlowTone, boolean]>([
    ['00', 'idle', true],
    ['01', 'blue', true],
    ['02', 'yellow', true],
    ['10', 'red', false],
    ['90', 'grey', false],
    ['99', 'grey', false],
    ['', 'idle', true],
  ])('status %j is %s and dashed=%s', (status, tone, dashed) => {
    expect(statusTone(status)).toBe(tone);
    expect(isDashed(status)).toBe(dashed);
  });
});

describe('approval levels', () => {
  it('groups approvers by order, ascending, leaving observers out', () => {
    const levels = approvalLevels([node(5, 2), node(3, 1), observer(9), node(4, 2), node(1, 3)]);
    expect(levels.map((group) => group.map((n) => n.id))).toEqual([[3], [4, 5], [1]]);
  });
});

interface Case {
  name: string;
  direction: FlowDirection;
  nodes: FlowNodeInput[];
  size: [number, number];
  /** Node id → centre. */
  centres: Record<number, [number, number]>;
  start: [number, number];
  end: [number, number];
}

const centreOf = (shape: { x: number; y: number; width: number; height: number }) => [
  shape.x + shape.width / 2,
  shape.y + shape.height / 2,
];

describe('geometry (node 80x40, spacing 150, step 80, vertical canvas 485)', () => {
  const cases: Case[] = [
    {
      name: 'one approver, horizontal',
      direction: 'horizontal',
      nodes: [node(1, 1)],
      size: [2 * 20 + 2 * 150 + 80, 2 * 20 + 40],
      centres: { 1: [210, 40] },
      start: [60, 40],
      end: [360, 40],
    },
    {
      name: 'a parallel pair between two single levels, horizontal',
      direction: 'horizontal',
      nodes: [node(1, 1), node(2, 2), node(3, 2), node(4, 3)],
      size: [40 + 4 * 150 + 80, 40 + 80 + 40],
      centres: { 1: [210, 80], 2: [360, 40], 3: [360, 120], 4: [510, 80] },
      start: [60, 80],
      end: [660, 80],
    },
    {
      name: 'one approver, vertical',
      direction: 'vertical',
      nodes: [node(1, 1)],
      size: [485, 40 + 2 * 80 + 40],
      centres: { 1: [242.5, 120] },
      start: [242.5, 40],
      end: [242.5, 200],
    },
    {
      name: 'three in parallel side by side, vertical',
      direction: 'vertical',
      nodes: [node(1, 1), node(2, 1), node(3, 1)],
      size: [485, 40 + 2 * 80 + 40],
      centres: { 1: [92.5, 120], 2: [242.5, 120], 3: [392.5, 120] },
      start: [242.5, 40],
      end: [242.5, 200],
    },
    {
      name: 'four in parallel widen the vertical canvas',
      direction: 'vertical',
      nodes: [node(1, 1), node(2, 1), node(3, 1), node(4, 1)],
      size: [40 + 3 * 150 + 80, 40 + 2 * 80 + 40],
      centres: { 1: [60, 120], 4: [510, 120] },
      start: [285, 40],
      end: [285, 200],
    },
    {
      name: 'no approver at all',
      direction: 'horizontal',
      nodes: [],
      size: [40 + 150 + 80, 80],
      centres: {},
      start: [60, 40],
      end: [210, 40],
    },
  ];

  it.each(cases)('$name', ({ direction, nodes, size, centres, start, end }) => {
    const layout = layoutFlowChart({ taskStatus: '01', nodes, direction });
    expect([layout.width, layout.height]).toEqual(size);
    expect([layout.start.cx, layout.start.cy]).toEqual(start);
    expect([layout.end.cx, layout.end.cy]).toEqual(end);
    for (const [id, centre] of Object.entries(centres)) {
      const shape = layout.nodes.find((n) => n.id === Number(id));
      expect(shape && centreOf(shape), `node ${id}`).toEqual(centre);
    }
    for (const shape of layout.nodes) expect([shape.width, shape.height]).toEqual([80, 40]);
  });

  it('keeps every shape inside the canvas', () => {
    for (const direction of ['horizontal', 'vertical'] as const) {
      const nodes = [node(1, 1), node(2, 2), node(3, 2), node(4, 2), observer(8), observer(9)];
      const layout = layoutFlowChart({ taskStatus: '01', nodes, direction });
      for (const shape of [...layout.nodes, ...layout.observers]) {
        expect(shape.x).toBeGreaterThanOrEqual(0);
        expect(shape.y).toBeGreaterThanOrEqual(0);
        expect(shape.x + shape.width).toBeLessThanOrEqual(layout.width);
        expect(shape.y + shape.height).toBeLessThanOrEqual(layout.height);
      }
    }
  });
});

describe('lines', () => {
  it('joins start, each level and end; a parallel group fans out and back in', () => {
    const layout = layoutFlowChart({
      taskStatus: '01',
      nodes: [node(1, 1, '90'), node(2, 2, '01'), node(3, 2, '90'), node(4, 3)],
      direction: 'horizontal',
    });
    expect(layout.lines.map((line) => line.id)).toEqual(['start-1', '1-2', '1-3', '2-4', '3-4', '4-end']);
  });

  it.each<[string, string, string, boolean, FlowTone]>([
    ['start-1', 'approved node', '90', false, 'grey'],
    ['1-2', 'awaiting node', '01', true, 'blue'],
    ['1-3', 'approved parallel node', '90', false, 'grey'],
    ['2-4', 'node not reached', '00', true, 'idle'],
    ['4-end', 'task in progress', '01', true, 'blue'],
  ])('line %s into the %s shows status %s (dashed=%s, %s)', (id, _what, status, dashed, tone) => {
    const layout = layoutFlowChart({
      taskStatus: '01',
      nodes: [node(1, 1, '90'), node(2, 2, '01'), node(3, 2, '90'), node(4, 3)],
      direction: 'horizontal',
    });
    expect(layout.lines.find((line) => line.id === id)).toMatchObject({ status, dashed, tone });
  });

  it('runs from the right edge to the left edge horizontally, bottom to top vertically', () => {
    const horizontal = layoutFlowChart({ taskStatus: '01', nodes: [node(1, 1)], direction: 'horizontal' });
    expect(horizontal.lines[0]).toMatchObject({ from: { x: 80, y: 40 }, to: { x: 170, y: 40 } });
    const vertical = layoutFlowChart({ taskStatus: '01', nodes: [node(1, 1)], direction: 'vertical' });
    expect(vertical.lines[0]).toMatchObject({ from: { x: 242.5, y: 60 }, to: { x: 242.5, y: 100 } });
  });
});

describe('circles', () => {
  it.each<[string, FlowTone, boolean, FlowTone]>([
    ['01', 'blue', false, 'idle'],
    ['02', 'yellow', false, 'idle'],
    ['10', 'red', false, 'idle'],
    ['90', 'grey', true, 'grey'],
    ['99', 'grey', false, 'idle'],
  ])('task status %s: start %s, end filled=%s (%s)', (taskStatus, startTone, endFilled, endTone) => {
    const layout = layoutFlowChart({ taskStatus, nodes: [node(1, 1)], direction: 'horizontal' });
    expect(layout.start).toMatchObject({ kind: 'start', tone: startTone, filled: true, r: 20 });
    expect(layout.end).toMatchObject({ kind: 'end', tone: endTone, filled: endFilled, r: 20 });
  });

  it('draws the line into the end solid once the task is approved or rejected', () => {
    for (const [taskStatus, dashed] of [
      ['01', true],
      ['02', true],
      ['10', false],
      ['90', false],
    ] as const) {
      const layout = layoutFlowChart({ taskStatus, nodes: [node(1, 1, '90')], direction: 'vertical' });
      expect(layout.lines.at(-1)).toMatchObject({ id: '1-end', dashed });
    }
  });
});

describe('observers (node code 95)', () => {
  it('grow to show a long list of names in full, one row under the other', () => {
    const names = '高橋 健一、伊藤 誠、佐藤 浩二、鈴木 一郎';
    const long = { ...observer(7), approver_name: names };
    const layout = layoutFlowChart({
      taskStatus: '01',
      nodes: [node(1, 1), long, observer(8), observer(9), observer(10), observer(11)],
      direction: 'vertical',
    });
    const box = layout.observers.find((n) => n.id === 7)!;
    expect(box.approverLines.join('').replace(/\s/g, '')).toBe(names.replace(/\s/g, ''));
    expect(box.approverLines.length).toBeGreaterThan(2);
    for (const line of box.approverLines) expect(line.length).toBeLessThanOrEqual(8);
    expect(box.height).toBeGreaterThan(40);
    const below = layout.observers.filter((n) => n.y > box.y);
    for (const other of below) expect(other.y).toBeGreaterThanOrEqual(box.y + box.height + 20);
    expect(layout.height).toBeGreaterThanOrEqual(Math.max(...layout.observers.map((n) => n.y + n.height)));
  });

  it('wraps labels after list separators, inside a name only when it must', () => {
    expect(wrapLabel('山田 太郎、鈴木 一郎', 6)).toEqual(['山田 太郎、', '鈴木 一郎']);
    expect(wrapLabel('長い長い長い長い名前', 6)).toEqual(['長い長い長い', '長い名前']);
    expect(wrapLabel('', 6)).toEqual(['']);
  });

  it('sit in their own band below the flow, unconnected', () => {
    const layout = layoutFlowChart({
      taskStatus: '01',
      nodes: [node(1, 1), observer(7), observer(6)],
      direction: 'horizontal',
    });
    expect(layout.nodes.map((n) => n.id)).toEqual([1]);
    expect(layout.observers.map((n) => [n.id, n.kind, n.level])).toEqual([
      [6, 'observer', -1],
      [7, 'observer', -1],
    ]);
    expect(layout.lines.some((line) => /\b[67]\b/.test(line.id))).toBe(false);
    const flowBottom = Math.max(...layout.nodes.map((n) => n.y + n.height));
    for (const shape of layout.observers) expect(shape.y).toBeGreaterThan(flowBottom + 20);
    expect(layout.observers.map((n) => centreOf(n))).toEqual([
      [60, 120],
      [210, 120],
    ]);
    expect(layout.height).toBe(160);
    expect(layout.observerBand).toEqual({ x: 20, y: 100 });
  });

  it('wrap into rows of three on the vertical canvas', () => {
    const layout = layoutFlowChart({
      taskStatus: '01',
      nodes: [node(1, 1), observer(5), observer(6), observer(7), observer(8)],
      direction: 'vertical',
    });
    expect(layout.observers.map((n) => centreOf(n))).toEqual([
      [60, 280],
      [210, 280],
      [360, 280],
      [60, 360],
    ]);
    expect(layout.width).toBe(485);
    expect(layout.height).toBe(400);
  });

  it('leave no band when there are none', () => {
    const layout = layoutFlowChart({ taskStatus: '01', nodes: [node(1, 1)], direction: 'vertical' });
    expect(layout.observers).toEqual([]);
    expect(layout.observerBand).toBeNull();
  });
});

describe('node shapes', () => {
  it('carry the names, status, tone and proxy mark of their node', () => {
    const layout = layoutFlowChart({
      taskStatus: '01',
      nodes: [node(1, 1, '90', { node_name: '課長承認', approver_name: '佐藤 花子', is_proxy: true })],
      direction: 'horizontal',
    });
    expect(layout.nodes[0]).toMatchObject({
      kind: 'approver',
      nodeName: '課長承認',
      approverName: '佐藤 花子',
      isProxy: true,
      status: '90',
      tone: 'grey',
      level: 0,
    });
  });
});

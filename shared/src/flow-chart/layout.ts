// Layout of the approval flow chart (spec §2.8, §4.2, §9): where the start and end circles, the
// approver nodes, the observer nodes and the connecting lines go, and in which colour and line
// style. Pure geometry, so the web draws it as SVG and tests check it as numbers.
//
// The spec gives node 80x40, spacing 150, step 80 and a vertical canvas 485 wide. We read spacing as
// the distance between node centres along x and step as the distance between centres along y, in
// both directions: horizontally the approval levels are 150 apart and a parallel group stacks 80
// apart; vertically the levels are 80 apart and a parallel group sits side by side 150 apart, so
// three parallel approvers fit the 485 canvas.
import { OBSERVER_NODE_CODE } from '../codes.ts';
import { FLOW_CHART } from '../limits.ts';

export type FlowDirection = 'horizontal' | 'vertical';

/** The colour family of a status (spec §4.2, architecture.md): `idle` is a node not reached yet. */
export type FlowTone = 'blue' | 'yellow' | 'red' | 'grey' | 'idle';

/** A node instance of a task as the API gives it (spec §3.9). */
export interface FlowNodeInput {
  id: number;
  node_code: string;
  node_name: string;
  order: number;
  status: string;
  approver_name: string;
  is_proxy: boolean;
}

export interface FlowLayoutInput {
  taskStatus: string;
  nodes: readonly FlowNodeInput[];
  direction: FlowDirection;
}

export interface FlowPoint {
  x: number;
  y: number;
}

export interface FlowCircle {
  kind: 'start' | 'end';
  cx: number;
  cy: number;
  r: number;
  filled: boolean;
  tone: FlowTone;
}

export interface FlowNodeShape {
  id: number;
  kind: 'approver' | 'observer';
  /** Top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  nodeCode: string;
  nodeName: string;
  approverName: string;
  isProxy: boolean;
  status: string;
  tone: FlowTone;
  order: number;
  /** 0-based position of the approval level (observers: -1). */
  level: number;
  /** The approver's name (or an observer's list of names) in the lines the box draws. */
  approverLines: string[];
}

/** The chart's text size (never smaller: WCAG 1.4.4 on a phone) and the box room it needs. */
export const FLOW_TEXT = { fontPx: 12, linePx: 15, padPx: 8 } as const;

/**
 * A label in lines that fit `maxChars` full-width characters, broken after a list separator where
 * it can be ('、', ',', '・', space), otherwise inside a word.
 */
export function wrapLabel(text: string, maxChars: number): string[] {
  const width = (value: string) =>
    [...value].reduce((sum, ch) => sum + (ch.charCodeAt(0) < 0x2e80 ? 0.6 : 1), 0);
  const parts = text.split(/(?<=[、,・ ])/u);
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (width(line + part) <= maxChars) {
      line += part;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = '';
    for (const ch of part) {
      if (width(line + ch) > maxChars && line) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

export interface FlowLine {
  /** `start`, `end` or the node id at each end, e.g. `start-3`, `3-5`, `5-end`. */
  id: string;
  from: FlowPoint;
  to: FlowPoint;
  /** The status the line shows: the target node's, or the task's for the line into the end circle. */
  status: string;
  dashed: boolean;
  tone: FlowTone;
}

export interface FlowLayout {
  direction: FlowDirection;
  width: number;
  height: number;
  start: FlowCircle;
  end: FlowCircle;
  /** Approver nodes, level by level, each level top to bottom (or left to right). */
  nodes: FlowNodeShape[];
  observers: FlowNodeShape[];
  lines: FlowLine[];
  /** Where the observers' band begins (its label goes there); null without observers. */
  observerBand: FlowPoint | null;
}

export const FLOW_PADDING = 20;
/** Extra room between the approval flow and the observers' band. */
export const OBSERVER_GAP = 40;
const CIRCLE_RADIUS = FLOW_CHART.nodeHeight / 2;
/** Statuses from here on are drawn with solid lines. */
const SOLID_FROM = 10;
const FINISHED_FROM = 90;
const TASK_APPROVED = '90';

function statusNumber(status: string): number {
  const value = Number.parseInt(status, 10);
  return Number.isNaN(value) ? 0 : value;
}

/** 01 blue, 02 yellow, 10 red, 90 and above grey; anything else (00 not reached) idle. */
export function statusTone(status: string): FlowTone {
  const value = statusNumber(status);
  if (value >= FINISHED_FROM) return 'grey';
  if (value === 10) return 'red';
  if (value === 2) return 'yellow';
  if (value === 1) return 'blue';
  return 'idle';
}

/** Dashed below 10, solid from 10. */
export function isDashed(status: string): boolean {
  return statusNumber(status) < SOLID_FROM;
}

export function isObserverNode(node: Pick<FlowNodeInput, 'node_code'>): boolean {
  return node.node_code === OBSERVER_NODE_CODE;
}

/** Approver nodes grouped by `order`, ascending; a group keeps the nodes in id order. */
export function approvalLevels(nodes: readonly FlowNodeInput[]): FlowNodeInput[][] {
  const byOrder = new Map<number, FlowNodeInput[]>();
  for (const node of nodes) {
    if (isObserverNode(node)) continue;
    const group = byOrder.get(node.order) ?? [];
    group.push(node);
    byOrder.set(node.order, group);
  }
  return [...byOrder.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => group.sort((a, b) => a.id - b.id));
}

function shape(
  node: FlowNodeInput,
  kind: FlowNodeShape['kind'],
  centre: FlowPoint,
  level: number,
): FlowNodeShape {
  const { nodeWidth: width, nodeHeight } = FLOW_CHART;
  const approverLines = wrapLabel(
    node.approver_name,
    Math.floor((width - FLOW_TEXT.padPx) / FLOW_TEXT.fontPx),
  );
  // Approvers keep one line (one person); an observer box grows to show its whole list of names.
  const height =
    kind === 'observer' ? nodeHeight + (approverLines.length - 1) * FLOW_TEXT.linePx : nodeHeight;
  return {
    id: node.id,
    kind,
    x: centre.x - width / 2,
    y: centre.y - height / 2,
    width,
    height,
    nodeCode: node.node_code,
    nodeName: node.node_name,
    approverName: node.approver_name,
    isProxy: node.is_proxy,
    status: node.status,
    tone: statusTone(node.status),
    order: node.order,
    level,
    approverLines: kind === 'observer' ? approverLines : [node.approver_name],
  };
}

/** Offset of member `index` of a group of `size` from the group's centre line. */
function offset(index: number, size: number, distance: number): number {
  return (index - (size - 1) / 2) * distance;
}

interface Anchor {
  key: string;
  /** The point a line leaves from. */
  out: FlowPoint;
  /** The point a line arrives at. */
  in: FlowPoint;
}

function nodeAnchor(node: FlowNodeShape, direction: FlowDirection): Anchor {
  const cx = node.x + node.width / 2;
  const cy = node.y + node.height / 2;
  return direction === 'horizontal'
    ? { key: String(node.id), out: { x: node.x + node.width, y: cy }, in: { x: node.x, y: cy } }
    : { key: String(node.id), out: { x: cx, y: node.y + node.height }, in: { x: cx, y: node.y } };
}

function circleAnchor(circle: FlowCircle, direction: FlowDirection): Anchor {
  const { cx, cy, r } = circle;
  return direction === 'horizontal'
    ? { key: circle.kind, out: { x: cx + r, y: cy }, in: { x: cx - r, y: cy } }
    : { key: circle.kind, out: { x: cx, y: cy + r }, in: { x: cx, y: cy - r } };
}

/**
 * Positions every shape of the chart. Horizontal: levels left to right, a parallel group stacked
 * top to bottom, observers in a row underneath. Vertical: levels top to bottom, a parallel group
 * side by side on a canvas at least 485 wide, observers in rows underneath.
 */
export function layoutFlowChart({ taskStatus, nodes, direction }: FlowLayoutInput): FlowLayout {
  const { nodeWidth, nodeHeight, spacing, step, verticalCanvasWidth } = FLOW_CHART;
  const levels = approvalLevels(nodes);
  const observerInputs = nodes.filter(isObserverNode).sort((a, b) => a.order - b.order || a.id - b.id);
  const widest = Math.max(1, ...levels.map((group) => group.length));
  const slots = levels.length + 2;
  const horizontal = direction === 'horizontal';

  // Centre of each level slot along the flow, and the flow's centre line across it.
  const along = (slot: number) =>
    horizontal ? FLOW_PADDING + nodeWidth / 2 + slot * spacing : FLOW_PADDING + nodeHeight / 2 + slot * step;
  const flowWidth = horizontal
    ? 2 * FLOW_PADDING + (slots - 1) * spacing + nodeWidth
    : Math.max(verticalCanvasWidth, 2 * FLOW_PADDING + (widest - 1) * spacing + nodeWidth);
  const flowHeight = horizontal
    ? 2 * FLOW_PADDING + (widest - 1) * step + nodeHeight
    : 2 * FLOW_PADDING + (slots - 1) * step + nodeHeight;
  const centreLine = horizontal ? flowHeight / 2 : flowWidth / 2;
  const point = (slot: number, cross: number): FlowPoint =>
    horizontal ? { x: along(slot), y: centreLine + cross } : { x: centreLine + cross, y: along(slot) };
  const crossDistance = horizontal ? step : spacing;

  const startCentre = point(0, 0);
  const endCentre = point(slots - 1, 0);
  const start: FlowCircle = {
    kind: 'start',
    cx: startCentre.x,
    cy: startCentre.y,
    r: CIRCLE_RADIUS,
    filled: true,
    tone: statusTone(taskStatus),
  };
  const endFilled = taskStatus === TASK_APPROVED;
  const end: FlowCircle = {
    kind: 'end',
    cx: endCentre.x,
    cy: endCentre.y,
    r: CIRCLE_RADIUS,
    filled: endFilled,
    tone: endFilled ? 'grey' : 'idle',
  };

  const placedLevels = levels.map((group, level) =>
    group.map((node, index) =>
      shape(node, 'approver', point(level + 1, offset(index, group.length, crossDistance)), level),
    ),
  );

  const lines: FlowLine[] = [];
  const connect = (from: Anchor, to: Anchor, status: string) => {
    lines.push({
      id: `${from.key}-${to.key}`,
      from: from.out,
      to: to.in,
      status,
      dashed: isDashed(status),
      tone: statusTone(status),
    });
  };
  let previous: Anchor[] = [circleAnchor(start, direction)];
  for (const group of placedLevels) {
    const anchors = group.map((node) => nodeAnchor(node, direction));
    group.forEach((node, index) => {
      for (const from of previous) connect(from, anchors[index]!, node.status);
    });
    previous = anchors;
  }
  const endAnchor = circleAnchor(end, direction);
  for (const from of previous) connect(from, endAnchor, taskStatus);

  // Observers: a band of their own after the flow, never connected to it.
  const observers: FlowNodeShape[] = [];
  let width = flowWidth;
  let height = flowHeight;
  let observerBand: FlowPoint | null = null;
  if (observerInputs.length > 0) {
    const bandTop = flowHeight + OBSERVER_GAP - FLOW_PADDING;
    observerBand = { x: FLOW_PADDING, y: bandTop };
    const perRow = horizontal
      ? Math.max(1, slots)
      : Math.max(1, Math.floor((flowWidth - 2 * FLOW_PADDING - nodeWidth) / spacing) + 1);
    // Rows of observers; a row is as tall as its tallest box (long lists of names wrap).
    let rowTop = bandTop;
    for (let first = 0; first < observerInputs.length; first += perRow) {
      const row = observerInputs.slice(first, first + perRow).map((node, column) => {
        const placed = shape(
          node,
          'observer',
          { x: FLOW_PADDING + nodeWidth / 2 + column * spacing, y: 0 },
          -1,
        );
        return { ...placed, y: rowTop };
      });
      observers.push(...row);
      const rowHeight = Math.max(...row.map((box) => box.height));
      height = rowTop + rowHeight + FLOW_PADDING;
      rowTop += rowHeight + (step - nodeHeight);
    }
    const columns = Math.min(observerInputs.length, perRow);
    width = Math.max(width, 2 * FLOW_PADDING + (columns - 1) * spacing + nodeWidth);
  }

  return {
    direction,
    width,
    height,
    start,
    end,
    nodes: placedLevels.flat(),
    observers,
    lines,
    observerBand,
  };
}

import { useId, useMemo } from 'react';
import {
  FLOW_TEXT,
  layoutFlowChart,
  type FlowDirection,
  type FlowLayout,
  type FlowNodeInput,
  type FlowNodeShape,
  type FlowTone,
} from '@portal/shared/flow-chart/layout';
import { ScrollRegion } from '@/components/scroll-region.tsx';
import { useFlowDirection } from '../hooks/use-flow-direction.ts';
import { nodeStatusLabel, taskStatusLabel } from '../lib/status.ts';
import './flow-chart.css';

const TONES: readonly FlowTone[] = ['blue', 'yellow', 'red', 'grey', 'idle'];
const PROXY_MARK = '代';
const OBSERVER_LABEL = '閲覧者';

function nodeTitle(node: FlowNodeShape): string {
  const who = `${node.approverName || '未定'}${node.isProxy ? '（代理）' : ''}`;
  return node.kind === 'observer'
    ? `${node.nodeName}：${who}（${OBSERVER_LABEL}）`
    : `${node.nodeName}：${who} ${nodeStatusLabel(node.status)}`;
}

/** What a screen reader hears instead of the picture. */
export function describeFlow(taskStatus: string, layout: FlowLayout): string {
  const levels = new Map<number, FlowNodeShape[]>();
  for (const node of layout.nodes) levels.set(node.level, [...(levels.get(node.level) ?? []), node]);
  const steps = [...levels.values()].map((group) =>
    group
      .map(
        (node) =>
          `${node.nodeName}（${node.approverName || '未定'}${node.isProxy ? '・代理' : ''}）${nodeStatusLabel(node.status)}`,
      )
      .join('・'),
  );
  const parts = [`承認フロー：${taskStatusLabel(taskStatus)}`, ['開始', ...steps, '終了'].join(' → ')];
  if (layout.observers.length > 0) {
    parts.push(`${OBSERVER_LABEL}：${layout.observers.map((node) => node.approverName).join('、')}`);
  }
  return parts.join('。');
}

function NodeBox({ node }: { node: FlowNodeShape }) {
  const cx = node.x + node.width / 2;
  return (
    <g
      className={`flow-chart__node flow-chart__node--${node.tone} flow-chart__node--${node.kind}`}
      data-testid="flow-node"
      data-node-id={node.id}
      data-status={node.status}
    >
      <title>{nodeTitle(node)}</title>
      <rect x={node.x} y={node.y} width={node.width} height={node.height} rx={6} />
      <text x={cx} y={node.y + 16} className="flow-chart__node-name">
        {node.nodeName}
      </text>
      <text x={cx} y={node.y + 32} className="flow-chart__approver">
        {node.approverLines.map((line, index) => (
          <tspan key={index} x={cx} dy={index === 0 ? 0 : FLOW_TEXT.linePx}>
            {line}
          </tspan>
        ))}
      </text>
      {node.isProxy ? (
        <g className="flow-chart__proxy" data-testid="flow-proxy-mark">
          <circle cx={node.x + node.width} cy={node.y} r={8} />
          <text x={node.x + node.width} y={node.y + 4}>
            {PROXY_MARK}
          </text>
        </g>
      ) : null}
    </g>
  );
}

interface FlowChartProps {
  taskStatus: string;
  nodes: readonly FlowNodeInput[];
  /** Fixed direction (tests, print); by default it follows the screen width. */
  direction?: FlowDirection;
}

/** The approval flow chart of spec §2.8 as SVG. */
export function FlowChart({ taskStatus, nodes, direction }: FlowChartProps) {
  const screenDirection = useFlowDirection();
  const used = direction ?? screenDirection;
  const layout = useMemo(
    () => layoutFlowChart({ taskStatus, nodes, direction: used }),
    [taskStatus, nodes, used],
  );
  const markerPrefix = useId().replace(/:/g, '');
  const markerId = (tone: FlowTone) => `${markerPrefix}-arrow-${tone}`;
  const { start, end } = layout;

  return (
    <div className={`flow-chart flow-chart--${used}`} data-testid="flow-chart" data-direction={used}>
      <ScrollRegion label="承認フロー図">
        <svg
          role="img"
          aria-label={describeFlow(taskStatus, layout)}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          width={layout.width}
          height={layout.height}
          className="flow-chart__svg"
        >
          <defs>
            {TONES.map((tone) => (
              <marker
                key={tone}
                id={markerId(tone)}
                className={`flow-chart__arrow flow-chart__arrow--${tone}`}
                viewBox="0 0 10 10"
                refX={10}
                refY={5}
                markerWidth={7}
                markerHeight={7}
                orient="auto-start-reverse"
              >
                <path d="M 0 0 L 10 5 L 0 10 z" />
              </marker>
            ))}
          </defs>
          {layout.lines.map((line) => (
            <line
              key={line.id}
              data-testid="flow-line"
              data-line={line.id}
              data-dashed={line.dashed}
              className={`flow-chart__line flow-chart__line--${line.tone}`}
              x1={line.from.x}
              y1={line.from.y}
              x2={line.to.x}
              y2={line.to.y}
              strokeDasharray={line.dashed ? '6 4' : undefined}
              markerEnd={`url(#${markerId(line.tone)})`}
            />
          ))}
          <g
            className={`flow-chart__circle flow-chart__circle--${start.tone} flow-chart__circle--filled`}
            data-testid="flow-start"
          >
            <title>{`開始：${taskStatusLabel(taskStatus)}`}</title>
            <circle cx={start.cx} cy={start.cy} r={start.r} />
            <text x={start.cx} y={start.cy + 4}>
              開始
            </text>
          </g>
          <g
            className={`flow-chart__circle flow-chart__circle--${end.tone}${end.filled ? ' flow-chart__circle--filled' : ''}`}
            data-testid="flow-end"
            data-filled={end.filled}
          >
            <title>終了</title>
            <circle cx={end.cx} cy={end.cy} r={end.r} />
            <text x={end.cx} y={end.cy + 4}>
              終了
            </text>
          </g>
          {layout.nodes.map((node) => (
            <NodeBox key={node.id} node={node} />
          ))}
          {layout.observerBand ? (
            <text className="flow-chart__band-label" x={layout.observerBand.x} y={layout.observerBand.y - 6}>
              {OBSERVER_LABEL}
            </text>
          ) : null}
          {layout.observers.map((node) => (
            <NodeBox key={node.id} node={node} />
          ))}
        </svg>
      </ScrollRegion>
    </div>
  );
}

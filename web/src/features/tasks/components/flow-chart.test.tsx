import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FlowNodeInput } from '@portal/shared/flow-chart/layout';
import { FlowChart } from './flow-chart.tsx';

const nodes: FlowNodeInput[] = [
  {
    id: 11,
    node_code: '01',
    node_name: '課長承認',
    order: 1,
    status: '90',
    approver_name: '佐藤 花子',
    is_proxy: true,
  },
  {
    id: 12,
    node_code: '01',
    node_name: '部長承認',
    order: 2,
    status: '01',
    approver_name: '鈴木 一郎',
    is_proxy: false,
  },
  {
    id: 13,
    node_code: '01',
    node_name: '人事確認',
    order: 2,
    status: '00',
    approver_name: '高橋 次郎',
    is_proxy: false,
  },
  {
    id: 19,
    node_code: '95',
    node_name: '閲覧',
    order: 9,
    status: '00',
    approver_name: '田中 三郎',
    is_proxy: false,
  },
];

/** A screen as wide as a phone (below md) or a desktop. */
function screenWidth(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)' ? mobile : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('flow chart', () => {
  it('is one image whose label tells the whole flow', () => {
    render(<FlowChart taskStatus="01" nodes={nodes} />);
    const image = screen.getByRole('img');
    expect(image).toHaveAccessibleName(
      '承認フロー：申請中。開始 → 課長承認（佐藤 花子・代理）承認済み → ' +
        '部長承認（鈴木 一郎）承認待ち・人事確認（高橋 次郎）未到達 → 終了。閲覧者：田中 三郎',
    );
  });

  it('draws every node with its name, approver, status title and proxy mark', () => {
    render(<FlowChart taskStatus="01" nodes={nodes} />);
    const drawn = screen.getAllByTestId('flow-node');
    expect(drawn.map((node) => node.getAttribute('data-node-id'))).toEqual(['11', '12', '13', '19']);
    const [first, second] = drawn;
    expect(first!.querySelector('title')).toHaveTextContent('課長承認：佐藤 花子（代理） 承認済み');
    expect(first).toHaveTextContent('課長承認佐藤 花子');
    expect(within(first!).getByTestId('flow-proxy-mark')).toHaveTextContent('代');
    expect(second!.querySelector('title')).toHaveTextContent('部長承認：鈴木 一郎 承認待ち');
    expect(within(second!).queryByTestId('flow-proxy-mark')).toBeNull();
    expect(first).toHaveClass('flow-chart__node--grey');
    expect(second).toHaveClass('flow-chart__node--blue');
    expect(drawn[3]).toHaveClass('flow-chart__node--observer');
    expect(screen.getByText('閲覧者')).toBeInTheDocument();
  });

  it('dashes the lines of statuses below 10 and fills the end once approved', () => {
    const { rerender } = render(<FlowChart taskStatus="01" nodes={nodes} />);
    const dashed = Object.fromEntries(
      screen
        .getAllByTestId('flow-line')
        .map((line) => [line.getAttribute('data-line'), line.getAttribute('stroke-dasharray')]),
    );
    expect(dashed).toEqual({
      'start-11': null,
      '11-12': '6 4',
      '11-13': '6 4',
      '12-end': '6 4',
      '13-end': '6 4',
    });
    expect(screen.getByTestId('flow-end')).toHaveAttribute('data-filled', 'false');

    const approved = nodes.map((node) => ({ ...node, status: node.node_code === '95' ? '00' : '90' }));
    rerender(<FlowChart taskStatus="90" nodes={approved} />);
    expect(screen.getByTestId('flow-end')).toHaveAttribute('data-filled', 'true');
    expect(screen.getByTestId('flow-end')).toHaveClass(
      'flow-chart__circle--grey',
      'flow-chart__circle--filled',
    );
    for (const line of screen.getAllByTestId('flow-line'))
      expect(line).not.toHaveAttribute('stroke-dasharray');
  });

  it('runs left to right from md up and top to bottom on a phone', () => {
    screenWidth(false);
    const { unmount } = render(<FlowChart taskStatus="01" nodes={nodes} />);
    expect(screen.getByTestId('flow-chart')).toHaveAttribute('data-direction', 'horizontal');
    unmount();

    screenWidth(true);
    render(<FlowChart taskStatus="01" nodes={nodes} />);
    expect(screen.getByTestId('flow-chart')).toHaveAttribute('data-direction', 'vertical');
    expect(screen.getByRole('img')).toHaveAttribute('viewBox', expect.stringMatching(/^0 0 485 /));
  });
});

// Labels and tag colours of task and node statuses (architecture.md "Workflow lifecycle").
import { labelOf, NODE_STATUSES, TASK_STATUSES } from '@portal/shared/codes';
import { statusTone, type FlowTone } from '@portal/shared/flow-chart/layout';

export const taskStatusLabel = (status: string) => labelOf(TASK_STATUSES, status);
export const nodeStatusLabel = (status: string) => labelOf(NODE_STATUSES, status);

/** Semi Tag colours of the flow chart's tones: 01 blue, 02 yellow, 10 red, 90 and above grey. */
const TAG_COLOURS = {
  blue: 'blue',
  yellow: 'yellow',
  red: 'red',
  grey: 'grey',
  idle: 'white',
} as const satisfies Record<FlowTone, string>;

export type StatusTagColour = (typeof TAG_COLOURS)[FlowTone];

export const statusTagColour = (status: string): StatusTagColour => TAG_COLOURS[statusTone(status)];

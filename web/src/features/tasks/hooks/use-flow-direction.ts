import type { FlowDirection } from '@portal/shared/flow-chart/layout';
import { useIsMobile } from '@/hooks/use-media-query.ts';

/** Spec §2.8: the flow chart runs top to bottom below the md breakpoint (768 px), left to right above. */
export function useFlowDirection(): FlowDirection {
  return useIsMobile() ? 'vertical' : 'horizontal';
}

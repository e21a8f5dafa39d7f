// 資材貸出申請 and 資材購入申請 (kinds 'asset_lend' and 'asset_purchase', issue 31) on the web: the
// view of spec §2.7 in place of the field list, and the lending's own form, each in its own chunk.
import { lazy } from 'react';
import type { TaskKindParts } from '@/components/task-kind-views.tsx';

const view = lazy(() => import('./components/asset-request-view.tsx'));

export const assetLendKind: TaskKindParts = {
  view,
  entryForm: lazy(() => import('./routes/asset-lend-route.tsx')),
};

export const assetPurchaseKind: TaskKindParts = { view };

import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ASSET_WORKFLOW_IDS } from '@portal/shared/limits';
import { ASSET_FIELDS } from '@portal/shared/workflow/assets';
import { taskLink } from '@portal/shared/workflow/task-links';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useAssetRequestFields } from '../api/get-asset-request.ts';
import { useAssetTypes } from '../api/get-asset-types.ts';
import { useSubmitAssetRequest } from '../api/submit-asset-request.ts';
import { AssetLendForm } from '../components/asset-lend-form.tsx';

const PURCHASE_WORKFLOW_ID = ASSET_WORKFLOW_IDS[1];

/** The purchase carries the lending's choices and reason; the lending's own fields stay behind. */
const PURCHASE_FIELDS = [
  ASSET_FIELDS.assetsType,
  ASSET_FIELDS.software,
  ASSET_FIELDS.softwareId,
  ASSET_FIELDS.reason,
];

/** /task/workflows/{id}/create for kind asset_lend: the form of spec §2.7 in place of the generic one. */
export default function AssetLendRoute({ workflowName }: { workflowName?: string }) {
  const title = usePageTitle();
  const navigate = useNavigate();
  const workflowId = Number(useParams().id);
  const [search] = useSearchParams();
  const resubmitText = search.get('resubmit');
  const resubmitId = resubmitText && /^\d+$/.test(resubmitText) ? Number(resubmitText) : null;
  const types = useAssetTypes();
  const saved = useAssetRequestFields(resubmitId ?? 0, resubmitId !== null);
  const submit = useSubmitAssetRequest();
  const initial =
    resubmitId !== null && saved.data
      ? Object.fromEntries(saved.data.map((field) => [field.name, field.value ?? null]))
      : undefined;
  const waiting = resubmitId !== null && !saved.data;
  return (
    <Page headingId="asset-lend-heading" title={workflowName ? `${workflowName}：${title}` : title}>
      {waiting ? <QueryState query={saved} /> : null}
      <QueryState query={types}>
        {(list) =>
          waiting ? null : (
            <AssetLendForm
              key={initial ? 'resubmit' : 'new'}
              types={list}
              initial={initial}
              onSend={async ({ purchase, values }) => {
                const sent = purchase
                  ? Object.fromEntries(PURCHASE_FIELDS.map((name) => [name, values[name] ?? null]))
                  : values;
                const task = await submit.mutateAsync({
                  workflowId: purchase ? PURCHASE_WORKFLOW_ID : workflowId,
                  resubmitId: purchase ? null : resubmitId,
                  values: sent,
                });
                toastSuccess(
                  purchase
                    ? '資材購入申請として申請しました。'
                    : resubmitId
                      ? '再申請しました。'
                      : '申請しました。',
                );
                navigate(taskLink.task('unresolved', task.id));
              }}
            />
          )
        }
      </QueryState>
    </Page>
  );
}

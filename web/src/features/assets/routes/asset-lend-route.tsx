import { useNavigate, useParams } from 'react-router-dom';
import { ASSET_WORKFLOW_IDS } from '@portal/shared/limits';
import { ASSET_FIELDS } from '@portal/shared/workflow/assets';
import { taskLink } from '@portal/shared/workflow/task-links';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { toastSuccess } from '@/lib/notify.ts';
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
  const types = useAssetTypes();
  const submit = useSubmitAssetRequest();
  return (
    <Page headingId="asset-lend-heading" title={workflowName ? `${workflowName}：${title}` : title}>
      <QueryState query={types}>
        {(list) => (
          <AssetLendForm
            types={list}
            onSend={async ({ purchase, values }) => {
              const sent = purchase
                ? Object.fromEntries(PURCHASE_FIELDS.map((name) => [name, values[name] ?? null]))
                : values;
              const task = await submit.mutateAsync({
                workflowId: purchase ? PURCHASE_WORKFLOW_ID : workflowId,
                values: sent,
              });
              toastSuccess(purchase ? '資材購入申請として申請しました。' : '申請しました。');
              navigate(taskLink.task('unresolved', task.id));
            }}
          />
        )}
      </QueryState>
    </Page>
  );
}

// The read-only view of a 資材貸出申請 or 資材購入申請 (spec §2.7): the generic view's rows without
// software_id, expiration_date and asset_id, the 資材種別 as its name and months.
import type { TTask, TTaskFormField } from '@portal/shared/contracts/tasks';
import type { TAssetTypeOption } from '@portal/shared/contracts/assets';
import { assetViewFields } from '@portal/shared/workflow/assets';
import { QueryState } from '@/components/query-state.tsx';
import { useAssetRequest, useAssetRequestFields } from '../api/get-asset-request.ts';
import { useAssetTypes } from '../api/get-asset-types.ts';

function text(value: TTaskFormField['value']): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('、');
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  return String(value);
}

export function AssetRequestRows({
  task,
  fields,
  types,
}: {
  task: TTask;
  fields: readonly TTaskFormField[];
  types: readonly TAssetTypeOption[];
}) {
  const shown = assetViewFields(fields, (id) => types.find((t) => t.id === id)?.name);
  const rows = [
    ...(task.org_name ? [{ key: 'org', label: '組織', value: task.org_full_name ?? task.org_name }] : []),
    { key: 'applicant', label: '申請者', value: task.employee_name },
    ...shown.map((f) => ({ key: `field-${f.name}`, label: f.label, value: text(f.value) })),
  ];
  return (
    <dl className="task-view" data-testid="task-view">
      {rows.map((row) => (
        <div className="task-view__row" key={row.key} data-testid={row.key}>
          <dt>{row.label}</dt>
          <dd>
            <span className="task-view__text">{row.value}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function AssetRequestView({ taskId }: { taskId: number }) {
  const task = useAssetRequest(taskId);
  const fields = useAssetRequestFields(taskId);
  const types = useAssetTypes();
  if (!task.data) return <QueryState query={task} />;
  if (!fields.data) return <QueryState query={fields} />;
  return <AssetRequestRows task={task.data} fields={fields.data} types={types.data ?? []} />;
}

import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Modal from '@douyinfe/semi-ui/lib/es/modal';
import { Controller, useWatch, type Path } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import {
  NODE_DISPATCHES,
  OBSERVER_DISPATCHES,
  OBSERVER_NODE_CODE,
  SELF_DISPATCHES,
} from '@portal/shared/codes';
import type { TNamedUser, TNode, TNodeRequest } from '@portal/shared/contracts/workflows';
import { Alert } from '@/components/alert.tsx';
import { checkResolver } from '@/components/form/check-resolver.ts';
import { checkNode } from '../lib/checks.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { ApproverPicker } from './approver-picker.tsx';
import { NumberField } from '@/components/form/number-field.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';

const opts = (list: readonly { value: string; label: string }[]) =>
  list.map(({ value, label }) => ({ value, label }));

const FIELDS: Path<TNodeRequest>[] = [
  'code',
  'name',
  'order',
  'node_dispatch',
  'self_dispatch',
  'observer_dispatch',
  'approver_ids',
];

interface NodeEditorProps {
  workflowId: number;
  /** null: a new node. */
  node: TNode | null;
  nextOrder: number;
  onCancel: () => void;
  /** Rejects with the API error. */
  onSave: (id: number | null, body: TNodeRequest) => Promise<void>;
}

/**
 * A node (spec §3.12): code and name, order (the same order makes a parallel group), and who acts —
 * an approver node (01–94) from a dispatch rule or named approvers; an observer node (95) from an
 * observer dispatch and/or named users.
 */
export function NodeEditor({ workflowId, node, nextOrder, onCancel, onSave }: NodeEditorProps) {
  const isMobile = useIsMobile();
  const [named, setNamed] = useState<TNamedUser[]>(node?.approvers ?? []);
  const form = useForm<TNodeRequest>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: checkResolver(checkNode),
    defaultValues: {
      workflow_id: workflowId,
      code: node?.code ?? '',
      name: node?.name ?? '',
      order: node?.order ?? nextOrder,
      node_dispatch: node?.node_dispatch ?? null,
      self_dispatch: node?.self_dispatch ?? '01',
      observer_dispatch: node?.observer_dispatch ?? null,
      approver_ids: node?.approvers.map((u) => u.id) ?? [],
    },
  });
  const { control, formState, setValue } = form;
  const code = useWatch({ control, name: 'code' });
  const isObserver = code === OBSERVER_NODE_CODE;

  const server = useServerForm(form, {
    fields: FIELDS,
    send: (values) => onSave(node?.id ?? null, values),
  });

  return (
    <Modal
      visible
      title={node ? 'ノードの編集' : 'ノードの追加'}
      onCancel={onCancel}
      closable={false}
      width={isMobile ? '95vw' : 640}
      centered
      footer={
        <>
          <Button onClick={onCancel}>キャンセル</Button>
          <Button
            theme="solid"
            type="primary"
            loading={formState.isSubmitting}
            onClick={() => void server.onSubmit()}
            data-testid="node-save"
          >
            保存
          </Button>
        </>
      }
    >
      <form
        className="wf-form"
        noValidate
        aria-label="ノード"
        onSubmit={(event) => {
          event.preventDefault();
          void server.onSubmit();
        }}
      >
        {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
        <div className="wf-grid">
          <TextField
            control={control}
            name="code"
            label={`コード（2 桁、参照は ${OBSERVER_NODE_CODE}）`}
            required
          />
          <TextField control={control} name="name" label="名称" required />
          <NumberField control={control} name="order" label="順番（同じ順番は並列）" required />
          {isObserver ? (
            <SelectField
              control={control}
              name="observer_dispatch"
              label="参照者の割当"
              options={opts(OBSERVER_DISPATCHES)}
              nullable
            />
          ) : (
            <>
              <SelectField
                control={control}
                name="node_dispatch"
                label="承認者の割当"
                options={opts(NODE_DISPATCHES)}
                nullable
              />
              <SelectField
                control={control}
                name="self_dispatch"
                label="自己承認"
                options={opts(SELF_DISPATCHES)}
              />
            </>
          )}
          <Controller
            control={control}
            name="approver_ids"
            render={({ fieldState }) => (
              <ApproverPicker
                label={isObserver ? '参照者（指名）' : '承認者（指名）'}
                value={named}
                error={fieldState.error?.message}
                onChange={(users) => {
                  setNamed(users);
                  setValue(
                    'approver_ids',
                    users.map((u) => u.id),
                    { shouldDirty: true },
                  );
                }}
              />
            )}
          />
        </div>
      </form>
    </Modal>
  );
}

import { useState, type ReactNode } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useWatch, type Path } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { TWorkflow, TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { CONFIRM } from '@portal/shared/messages';
import { WORKFLOW_KINDS } from '@portal/shared/workflow/codes';
import { Alert } from '@/components/alert.tsx';
import { checkResolver } from '@/components/form/check-resolver.ts';
import { checkWorkflow } from '../lib/checks.ts';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { CheckField } from '@/components/form/check-field.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { FieldDefinitions } from './field-definitions.tsx';

const KINDS = WORKFLOW_KINDS.map(({ value, label }) => ({ value, label }));
const FIELD_KEYS = [
  'name',
  'label',
  'data_type',
  'order',
  'is_required',
  'is_readonly',
  'max_length',
  'help_text',
  'default',
  'choices',
  'step',
  'multiple',
  'data_source',
  'field_for_init',
] as const;

/** Every path a 400 answer may name (`fields.0.name`, `fields.1.choices.0.value`, …). */
function errorPaths(values: TWorkflowRequest): Path<TWorkflowRequest>[] {
  const paths: string[] = ['name', 'category', 'description', 'kind', 'is_active', 'fields'];
  values.fields.forEach((field, i) => {
    for (const key of FIELD_KEYS) paths.push(`fields.${i}.${key}`);
    (field.choices ?? []).forEach((_c, c) =>
      paths.push(`fields.${i}.choices.${c}.value`, `fields.${i}.choices.${c}.text`),
    );
  });
  return paths as Path<TWorkflowRequest>[];
}

export function toRequest(workflow: TWorkflow | null): TWorkflowRequest {
  if (!workflow)
    return { name: '', category: '', description: '', kind: 'general', is_active: true, fields: [] };
  return {
    name: workflow.name,
    category: workflow.category,
    description: workflow.description,
    kind: workflow.kind,
    is_active: workflow.is_active,
    fields: workflow.fields.map(({ id: _id, ...field }) => ({
      ...field,
      choices: field.choices.map((c) => ({ ...c })),
    })),
  };
}

interface WorkflowFormProps {
  workflow: TWorkflow | null;
  readOnly: boolean;
  /** Rejects with the API error. */
  onSave: (body: TWorkflowRequest) => Promise<void>;
  children?: ReactNode;
}

/** The header and the form fields of a workflow, saved as a whole after a confirmation. */
export function WorkflowForm({ workflow, readOnly, onSave, children }: WorkflowFormProps) {
  const form = useForm<TWorkflowRequest>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: checkResolver(checkWorkflow),
    defaultValues: toRequest(workflow),
  });
  const { control, handleSubmit, setValue, formState } = form;
  const fields = useWatch({ control, name: 'fields' });
  const [pending, setPending] = useState<TWorkflowRequest | null>(null);
  const server = useServerForm(form, { fields: errorPaths, send: onSave });

  const save = async (body: TWorkflowRequest) => {
    await server.send(body);
    setPending(null);
  };

  return (
    <form
      className="wf-form"
      noValidate
      aria-label="ワークフロー"
      data-testid="workflow-form"
      onSubmit={(event) => void handleSubmit((values) => setPending(values as TWorkflowRequest))(event)}
    >
      {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
      {formState.errors.root?.message ? <Alert>{formState.errors.root.message}</Alert> : null}
      {readOnly ? <Alert type="info">変更する権限がないため、閲覧のみできます。</Alert> : null}
      <section className="wf-section" aria-labelledby="wf-header-title">
        <h3 className="wf-section__title" id="wf-header-title">
          基本情報
        </h3>
        <div className="wf-grid">
          <TextField control={control} name="name" label="名称" required disabled={readOnly} />
          <TextField control={control} name="category" label="分類" disabled={readOnly} />
          <SelectField control={control} name="kind" label="種類" options={KINDS} disabled={readOnly} />
          <CheckField control={control} name="is_active" label="有効" disabled={readOnly} />
          <TextField control={control} name="description" label="説明" wide multiline disabled={readOnly} />
        </div>
      </section>
      <FieldDefinitions
        control={control}
        setValue={setValue}
        dataTypes={(fields ?? []).map((f) => f.data_type ?? 'string')}
        readOnly={readOnly}
      />
      <div className="wf-actions">
        {!readOnly ? (
          <Button htmlType="submit" theme="solid" type="primary">
            保存
          </Button>
        ) : null}
        {children}
      </div>
      <ConfirmDialog
        visible={pending !== null}
        title="ワークフローの保存"
        message={CONFIRM.saveWorkflow}
        okText="保存する"
        onCancel={() => setPending(null)}
        onConfirm={() => (pending ? save(pending) : Promise.resolve())}
      />
    </form>
  );
}

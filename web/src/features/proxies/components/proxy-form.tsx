import { useId, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { Controller, useForm } from 'react-hook-form';
import type { TChoice } from '@portal/shared/contracts/choices';
import type { TProxyRequest } from '@portal/shared/contracts/proxies';
import { FIELD_MSG } from '@portal/shared/messages';
import { Alert } from '@/components/alert.tsx';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { useApprovers } from '@/api/search-approvers.ts';
import { addProblem, checkResolver, isValidDate, type Problems } from '@/components/form/check-resolver.ts';

/** The rules of ZProxyRequest (shared/contracts/proxies.ts), without classic zod. */
function checkProxy(values: TProxyRequest): Problems {
  const problems: Problems = new Map();
  if (typeof values.proxy_id !== 'number' || !(values.proxy_id > 0))
    addProblem(problems, 'proxy_id', FIELD_MSG.required('代理承認者'));
  for (const [name, label] of [
    ['start_date', '開始日'],
    ['end_date', '終了日'],
  ] as const) {
    const value = values[name];
    if (!value) addProblem(problems, name, FIELD_MSG.required(label));
    else if (!isValidDate(value)) addProblem(problems, name, FIELD_MSG.date(label));
  }
  if (!problems.has('start_date') && !problems.has('end_date') && values.end_date < values.start_date)
    addProblem(problems, 'end_date', FIELD_MSG.dateOrder('終了日', '開始日'));
  return problems;
}

const FIELDS = ['proxy_id', 'start_date', 'end_date'] as const;

interface ProxyFormProps {
  initial?: { proxy_id: number; proxy_name: string; start_date: string; end_date: string };
  readOnly?: boolean;
  submitText: string;
  /** Rejects with the API error; field errors go under their fields, the rest above the form. */
  onSubmit: (body: TProxyRequest) => Promise<void>;
  children?: React.ReactNode;
}

/** The proxy user (searched through approvers/choice/), the start and end dates (spec §2.1 /proxies). */
export function ProxyForm({ initial, readOnly = false, submitText, onSubmit, children }: ProxyFormProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const approvers = useApprovers(search);
  const form = useForm<TProxyRequest>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: checkResolver(checkProxy),
    defaultValues: {
      proxy_id: initial?.proxy_id,
      start_date: initial?.start_date ?? '',
      end_date: initial?.end_date ?? '',
    } as Partial<TProxyRequest> as TProxyRequest,
  });
  const { control, formState } = form;
  const server = useServerForm(form, { fields: FIELDS, send: onSubmit });

  const options: TChoice[] = [...(approvers.data ?? [])];
  if (initial && !options.some((o) => Number(o.value) === initial.proxy_id))
    options.unshift({ value: initial.proxy_id, text: initial.proxy_name });

  const errorOf = (name: (typeof FIELDS)[number]) => formState.errors[name]?.message;

  return (
    <form
      className="proxy-form"
      noValidate
      onSubmit={(event) => void server.onSubmit(event)}
      aria-label="承認代理"
    >
      {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
      {formState.errors.root?.message ? <Alert>{formState.errors.root.message}</Alert> : null}
      {!readOnly ? (
        <FormField id={`${id}-search`} label="代理承認者の検索">
          <Input
            id={`${id}-search`}
            name="proxy_search"
            value={search}
            onChange={setSearch}
            placeholder="氏名で検索"
            showClear
          />
        </FormField>
      ) : null}
      <Controller
        control={control}
        name="proxy_id"
        render={({ field }) => (
          <FormField id={`${id}-proxy`} label="代理承認者" required error={errorOf('proxy_id')}>
            <select
              id={`${id}-proxy`}
              ref={field.ref}
              name="proxy_id"
              className="native-control"
              value={field.value === undefined ? '' : String(field.value)}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
              }
              onBlur={field.onBlur}
              disabled={readOnly}
              {...fieldAria(`${id}-proxy`, { error: errorOf('proxy_id'), required: true })}
            >
              <option value="">{approvers.isPending ? '読み込み中…' : '選択してください'}</option>
              {options.map((option) => (
                <option key={String(option.value)} value={String(option.value)}>
                  {option.text}
                </option>
              ))}
            </select>
          </FormField>
        )}
      />
      {(['start_date', 'end_date'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <FormField
              id={`${id}-${name}`}
              label={name === 'start_date' ? '開始日' : '終了日'}
              required
              error={errorOf(name)}
            >
              <Input
                id={`${id}-${name}`}
                name={name}
                type="date"
                ref={field.ref}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                disabled={readOnly}
                validateStatus={errorOf(name) ? 'error' : 'default'}
                {...fieldAria(`${id}-${name}`, { error: errorOf(name), required: true })}
              />
            </FormField>
          )}
        />
      ))}
      <div className="proxy-form__actions">
        {!readOnly ? (
          <Button htmlType="submit" theme="solid" type="primary" loading={formState.isSubmitting}>
            {submitText}
          </Button>
        ) : null}
        {children}
      </div>
    </form>
  );
}

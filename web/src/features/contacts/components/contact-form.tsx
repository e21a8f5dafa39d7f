import { useId } from 'react';
import { Controller } from 'react-hook-form';
import Button from '@douyinfe/semi-ui/lib/es/button';
import {
  MAX_CONTACTS,
  ZContactRequest,
  type TContact,
  type TContactRequest,
} from '@portal/shared/contracts/contacts';
import { Alert } from '@/components/alert.tsx';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useServerForm } from '@/hooks/use-server-form.ts';
import '@/components/records.css';

const FIELDS = ['name', 'name_kana', 'relationship', 'phone', 'address', 'priority'] as const;

interface ContactFormProps {
  initial: TContact | null;
  /** How many contacts there are (the priorities to choose from). */
  count: number;
  onSubmit: (body: TContactRequest) => Promise<void>;
  onCancel: () => void;
}

/** 氏名, フリガナ, 続柄, 電話 (a Japanese number), 住所 and the order to call in. */
export function ContactForm({ initial, count, onSubmit, onCancel }: ContactFormProps) {
  const id = useId();
  const slots = Math.min(initial ? count : count + 1, MAX_CONTACTS);
  const priorities = Array.from({ length: Math.max(slots, 1) }, (_, i) => ({
    value: String(i + 1),
    label: `${i + 1} 番目に連絡`,
  }));
  const form = useZodForm(ZContactRequest, {
    defaultValues: {
      name: initial?.name ?? '',
      name_kana: initial?.name_kana ?? '',
      relationship: initial?.relationship ?? '',
      phone: initial?.phone ?? '',
      address: initial?.address ?? '',
      priority: initial?.priority ?? slots,
    },
  });
  const { control, formState } = form;
  const server = useServerForm(form, { fields: FIELDS, send: onSubmit });

  return (
    <form
      className="records-form"
      noValidate
      onSubmit={(event) => void server.onSubmit(event)}
      aria-label={initial ? '緊急連絡先の編集' : '緊急連絡先の追加'}
    >
      {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
      <TextField control={control} name="name" label="氏名" required autoComplete="off" />
      <TextField
        control={control}
        name="name_kana"
        label="フリガナ"
        required
        placeholder="例: ヤマダ ハナコ"
      />
      <TextField control={control} name="relationship" label="続柄" required placeholder="例: 妻、父" />
      <TextField control={control} name="phone" label="電話番号" required placeholder="例: 090-1234-5678" />
      <TextField control={control} name="address" label="住所" />
      <Controller
        control={control}
        name="priority"
        render={({ field, fieldState }) => (
          <FormField id={`${id}-priority`} label="優先順位" error={fieldState.error?.message}>
            <select
              id={`${id}-priority`}
              ref={field.ref}
              name="priority"
              className="native-control"
              value={String(field.value ?? slots)}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              {...fieldAria(`${id}-priority`, { error: fieldState.error?.message })}
            >
              {priorities.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </FormField>
        )}
      />
      <div className="records-form__actions">
        <Button htmlType="submit" theme="solid" type="primary" loading={formState.isSubmitting}>
          保存
        </Button>
        <Button onClick={onCancel}>キャンセル</Button>
      </div>
    </form>
  );
}

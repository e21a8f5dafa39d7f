import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { Controller, useWatch } from 'react-hook-form';
import {
  BANK_ACCOUNT_PURPOSES,
  SALARY_ACCOUNT_TYPES,
  YUCHO_BANK_CODE,
  type TBankAccount,
  ZBankAccountRequest,
  type TBankAccountRequest,
} from '@portal/shared/contracts/bank-accounts';
import type { TBankChoice } from '@portal/shared/contracts/banks';
import { BANK_ACCOUNT_TYPES } from '@portal/shared/codes';
import { toZenginKana } from '@portal/shared/kana';
import { Alert } from '@/components/alert.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { BankPicker } from './bank-picker.tsx';
import '@/components/records.css';

const FIELDS = [
  'purpose',
  'bank_code',
  'branch_code',
  'account_type',
  'account_number',
  'account_holder',
  'yucho_symbol',
  'yucho_number',
] as const;

interface BankAccountFormProps {
  initial: TBankAccount | null;
  /** Purposes already taken by other accounts. */
  takenPurposes: readonly string[];
  onSubmit: (body: TBankAccountRequest) => Promise<void>;
  onCancel: () => void;
}

/** One bank account: bank and branch searched (spec §5), type, 7-digit number and 口座名義. */
export function BankAccountForm({ initial, takenPurposes, onSubmit, onCancel }: BankAccountFormProps) {
  const [bank, setBank] = useState<TBankChoice | null>(
    initial ? { code: initial.bank_code, name: initial.bank_name, kana: '' } : null,
  );
  const [branch, setBranch] = useState<TBankChoice | null>(
    initial && !initial.yucho_symbol
      ? { code: initial.branch_code, name: initial.branch_name, kana: '' }
      : null,
  );
  const purposes = BANK_ACCOUNT_PURPOSES.filter(
    (p) => p.value === initial?.purpose || !takenPurposes.includes(p.value),
  );
  const form = useZodForm(ZBankAccountRequest, {
    defaultValues: {
      purpose: (initial?.purpose ?? purposes[0]?.value ?? 'salary') as 'salary' | 'expense',
      bank_code: initial?.bank_code ?? '',
      branch_code: initial?.yucho_symbol ? undefined : initial?.branch_code,
      account_type: initial?.yucho_symbol ? undefined : (initial?.account_type ?? '01'),
      account_number: initial?.yucho_symbol ? undefined : initial?.account_number,
      account_holder: initial?.account_holder ?? '',
      yucho_symbol: initial?.yucho_symbol ?? undefined,
      yucho_number: initial?.yucho_number ?? undefined,
    },
  });
  const { control, setValue, formState } = form;
  const purpose = useWatch({ control, name: 'purpose' });
  const holder = useWatch({ control, name: 'account_holder' });
  const isYucho = bank?.code === YUCHO_BANK_CODE;
  const types = BANK_ACCOUNT_TYPES.filter(
    (t) => purpose !== 'salary' || (SALARY_ACCOUNT_TYPES as readonly string[]).includes(t.value),
  );

  const server = useServerForm(form, { fields: FIELDS, send: (values) => onSubmit(toRequest(values)) });

  function toRequest(values: TBankAccountRequest): TBankAccountRequest {
    return isYucho
      ? {
          purpose: values.purpose,
          bank_code: YUCHO_BANK_CODE,
          yucho_symbol: values.yucho_symbol ?? '',
          yucho_number: values.yucho_number ?? '',
          account_holder: values.account_holder,
        }
      : {
          purpose: values.purpose,
          bank_code: values.bank_code,
          branch_code: values.branch_code,
          account_type: values.account_type,
          account_number: values.account_number,
          account_holder: values.account_holder,
        };
  }

  return (
    <form
      className="records-form"
      noValidate
      onSubmit={(event) => void server.onSubmit(event)}
      aria-label={initial ? '口座の編集' : '口座の追加'}
    >
      {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
      {formState.errors.root?.message ? <Alert>{formState.errors.root.message}</Alert> : null}
      <SelectField
        control={control}
        name="purpose"
        label="用途"
        required
        options={purposes}
        onValueChange={(next) => {
          if (next === 'salary') setValue('account_type', '01');
        }}
      />
      <Controller
        control={control}
        name="bank_code"
        render={({ field, fieldState }) => (
          <BankPicker
            kind="bank"
            inputRef={field.ref}
            value={bank}
            error={fieldState.error?.message}
            onChange={(choice) => {
              setBank(choice);
              setBranch(null);
              setValue('bank_code', choice?.code ?? '');
              setValue('branch_code', undefined);
            }}
          />
        )}
      />
      {isYucho ? (
        <>
          <TextField
            control={control}
            name="yucho_symbol"
            label="記号（5桁）"
            required
            placeholder="例: 10180"
          />
          <TextField
            control={control}
            name="yucho_number"
            label="番号（8桁まで）"
            required
            placeholder="例: 12345671"
          />
        </>
      ) : (
        <>
          <Controller
            control={control}
            name="branch_code"
            render={({ field, fieldState }) => (
              <BankPicker
                kind="branch"
                inputRef={field.ref}
                bankCode={bank?.code ?? null}
                value={branch}
                error={fieldState.error?.message}
                onChange={(choice) => {
                  setBranch(choice);
                  setValue('branch_code', choice?.code);
                }}
              />
            )}
          />
          <SelectField control={control} name="account_type" label="口座種別" required options={types} />
          <TextField
            control={control}
            name="account_number"
            label="口座番号（7桁）"
            required
            placeholder="例: 1234567"
          />
        </>
      )}
      <TextField
        control={control}
        name="account_holder"
        label="口座名義（カナ）"
        required
        placeholder="例: ヤマダ タロウ"
      />
      {holder ? (
        <p className="bank-picker__status" data-testid="holder-preview">
          振込データでの表記: {toZenginKana(holder)}
        </p>
      ) : null}
      <div className="records-form__actions">
        <Button htmlType="submit" theme="solid" type="primary" loading={formState.isSubmitting}>
          保存
        </Button>
        <Button onClick={onCancel}>キャンセル</Button>
      </div>
    </form>
  );
}

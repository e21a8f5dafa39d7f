import { useEffect, useId, useState, type Ref } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Input from '@douyinfe/semi-ui/lib/es/input';
import {
  BANK_CODE_MIN_DIGITS,
  BANK_SEARCH_MSG,
  BRANCH_CODE_MIN_DIGITS,
  type TBankChoice,
} from '@portal/shared/contracts/banks';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import { useBankChoices, useBranchChoices } from '../api/bank-accounts.ts';

interface BankPickerProps {
  kind: 'bank' | 'branch';
  /** The bank a branch belongs to (branch search needs it first). */
  bankCode?: string | null;
  value: TBankChoice | null;
  onChange: (choice: TBankChoice | null) => void;
  error?: string;
  disabled?: boolean;
  /** The form's ref (react-hook-form's), so a failed submit focuses the search box of the first error. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The digits rule of spec §5, told before the query is sent (the screen never sends a short one). */
function digitsHint(kind: 'bank' | 'branch', query: string): string | null {
  const q = query.normalize('NFKC').trim();
  const min = kind === 'bank' ? BANK_CODE_MIN_DIGITS : BRANCH_CODE_MIN_DIGITS;
  if (!/^\d/.test(q) || q.length >= min) return null;
  return kind === 'bank' ? BANK_SEARCH_MSG.bankDigits : BANK_SEARCH_MSG.branchDigits;
}

/** Search a bank (or a branch of the chosen bank) by code, name or kana, and pick one. */
export function BankPicker({
  kind,
  bankCode = null,
  value,
  onChange,
  error,
  disabled,
  inputRef,
}: BankPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  // Sent once typing pauses, not on every key.
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(query), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const banks = useBankChoices(kind === 'bank' ? sent : '');
  const branches = useBranchChoices(kind === 'branch' ? bankCode : null, kind === 'branch' ? sent : '');
  const results = kind === 'bank' ? banks : branches;
  const label = kind === 'bank' ? '銀行' : '支店';
  const hint = digitsHint(kind, query);
  const needsBank = kind === 'branch' && !bankCode;

  if (value)
    return (
      <div className="form-field" role="group" aria-labelledby={`${id}-chosen-label`}>
        <span className="form-field__label" id={`${id}-chosen-label`}>
          {label}
        </span>
        <div className="bank-picker__chosen" data-testid={`${kind}-chosen`}>
          <span>
            {value.code} {value.name}
          </span>
          {!disabled ? (
            <Button size="small" onClick={() => onChange(null)} aria-label={`${label}を選び直す`}>
              変更
            </Button>
          ) : null}
        </div>
        {error ? (
          <div className="form-field__error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    );

  return (
    <FormField
      id={`${id}-search`}
      label={label}
      required
      error={error}
      help={
        needsBank
          ? '先に銀行を選択してください。'
          : (hint ??
            (kind === 'bank' ? '銀行名・カナ・4桁のコードで検索' : '支店名・カナ・3桁のコードで検索'))
      }
    >
      <Input
        ref={inputRef}
        id={`${id}-search`}
        name={`${kind}_search`}
        value={query}
        onChange={setQuery}
        disabled={disabled || needsBank}
        placeholder={kind === 'bank' ? '例: みずほ、0001' : '例: 新宿、240'}
        showClear
        {...fieldAria(`${id}-search`, { error, help: true, required: true })}
      />
      {results.isFetching ? <p className="bank-picker__status">検索中…</p> : null}
      {results.data && results.data.length === 0 && !hint ? (
        <p className="bank-picker__status">該当する{label}がありません。</p>
      ) : null}
      {results.data && results.data.length > 0 && !hint ? (
        <ul className="bank-picker__results" aria-label={`${label}の候補`}>
          {results.data.map((choice) => (
            <li key={choice.code}>
              <button
                type="button"
                className="bank-picker__option"
                onClick={() => {
                  onChange(choice);
                  setQuery('');
                  setSent('');
                }}
              >
                <span className="bank-picker__code">{choice.code}</span> {choice.name}
                <span className="bank-picker__kana">{choice.kana}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </FormField>
  );
}

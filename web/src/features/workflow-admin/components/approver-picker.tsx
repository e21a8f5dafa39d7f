import { useId, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Input from '@douyinfe/semi-ui/lib/es/input';
import type { TNamedUser } from '@portal/shared/contracts/workflows';
import { useApprovers } from '@/api/search-approvers.ts';

interface ApproverPickerProps {
  label: string;
  value: TNamedUser[];
  onChange: (users: TNamedUser[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Named approvers: the chosen users (each removable) and a search through approvers/choice/. */
export function ApproverPicker({ label, value, onChange, error, disabled }: ApproverPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const choices = useApprovers(query);
  const chosen = new Set(value.map((user) => user.id));
  const results = (choices.data ?? []).filter((choice) => !chosen.has(Number(choice.value))).slice(0, 8);
  return (
    <div className="form-field form-field--wide" data-testid="approver-picker">
      <span className="form-field__label" id={`${id}-label`}>
        {label}
      </span>
      <ul className="wf-cards" aria-labelledby={`${id}-label`}>
        {value.map((user) => (
          <li key={user.id} className="wf-choice" data-testid="approver-chosen">
            <span>{user.name}</span>
            {!disabled ? (
              <Button
                size="small"
                onClick={() => onChange(value.filter((u) => u.id !== user.id))}
                aria-label={`${user.name} を外す`}
              >
                外す
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {!disabled ? (
        <>
          <label className="form-field__label" htmlFor={`${id}-search`}>
            承認者の検索
          </label>
          <Input id={`${id}-search`} value={query} onChange={setQuery} placeholder="氏名で検索" showClear />
          <ul className="wf-cards" aria-label="検索結果">
            {results.map((choice) => (
              <li key={String(choice.value)} className="wf-choice">
                <span>{choice.text}</span>
                <Button
                  size="small"
                  onClick={() => onChange([...value, { id: Number(choice.value), name: choice.text }])}
                  aria-label={`${choice.text} を追加`}
                >
                  追加
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {error ? (
        <div className="form-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

import Button from '@douyinfe/semi-ui/lib/es/button';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Choice, FieldDecl } from '../resource.ts';

const NO_CHOICES: readonly Choice[] = [];
const noChoices = () => NO_CHOICES;

function FilterInput({
  field,
  value,
  onChange,
}: {
  field: FieldDecl;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const choices = (field.useChoices ?? noChoices)(undefined);
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {field.label}
      </label>
      {field.kind === 'select' ? (
        <select
          id={id}
          name={field.name}
          className="native-control"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">すべて</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.kind === 'date' ? 'date' : 'search'}
          className="native-control"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/** A list's filters, kept in the URL (style.md): applying one goes back to page 1. */
export function ListFilters({ filters, label }: { filters: readonly FieldDecl[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? ''])),
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value.trim() !== '') next.set(key, value.trim());
    setParams(next);
  };
  return (
    <form className="admin-filters" role="search" aria-label={`${label}の絞り込み`} onSubmit={apply}>
      {filters.map((field) => (
        <FilterInput
          key={field.name}
          field={field}
          value={draft[field.name] ?? ''}
          onChange={(value) => setDraft((d) => ({ ...d, [field.name]: value }))}
        />
      ))}
      <Button htmlType="submit" theme="solid" size="large">
        絞り込む
      </Button>
    </form>
  );
}

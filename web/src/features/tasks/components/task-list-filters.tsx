import { useId, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import IconFilter from '@douyinfe/semi-icons/lib/es/icons/IconFilter';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { SELECT_PLACEHOLDER } from '@portal/shared/limits';
import { useWorkflows } from '../api/get-workflows.ts';
import type { ListFilters } from '../lib/list-query.ts';
import { DateInput } from './date-input.tsx';

interface TaskListFiltersProps {
  value: ListFilters;
  onChange: (changes: Partial<Record<keyof ListFilters, string | number | undefined>>) => void;
}

/** Workflow and submission-date range; every change lands in the URL. */
export function TaskListFilters({ value, onChange }: TaskListFiltersProps) {
  const uid = useId();
  const isMobile = useIsMobile();
  const active = [value.workflow, value.date_from, value.date_to].filter(
    (v) => v !== undefined && v !== '',
  ).length;
  // On a phone the filters fold behind one button, so the first row is in view (issue #20).
  const [shown, setShown] = useState(false);
  const workflows = useWorkflows();
  const options = (workflows.data ?? []).map((workflow) => ({ value: workflow.id, label: workflow.name }));
  const filters = (
    <div className="task-filters" role="search" aria-label="絞り込み" id={`${uid}-filters`}>
      <label className="task-filters__item">
        <span className="task-filters__label" id={`${uid}-workflow`}>
          ワークフロー
        </span>
        <select
          aria-labelledby={`${uid}-workflow`}
          className="native-control task-filters__control"
          value={value.workflow ?? ''}
          onChange={(event) =>
            onChange({ workflow: event.target.value === '' ? undefined : Number(event.target.value) })
          }
        >
          <option value="">{SELECT_PLACEHOLDER}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="task-filters__item">
        <span className="task-filters__label">申請日（から）</span>
        <DateInput
          aria-label="申請日（から）"
          value={value.date_from ?? ''}
          onChange={(next) => onChange({ date_from: next })}
        />
      </label>
      <label className="task-filters__item">
        <span className="task-filters__label">申請日（まで）</span>
        <DateInput
          aria-label="申請日（まで）"
          value={value.date_to ?? ''}
          onChange={(next) => onChange({ date_to: next })}
        />
      </label>
    </div>
  );
  if (!isMobile) return filters;
  return (
    <div className="task-filters__fold">
      <Button
        icon={<IconFilter aria-hidden />}
        aria-expanded={shown}
        aria-controls={`${uid}-filters`}
        onClick={() => setShown((was) => !was)}
        className="task-filters__toggle"
      >
        {active > 0 ? `絞り込み（${active}）` : '絞り込み'}
      </Button>
      {shown ? filters : null}
    </div>
  );
}

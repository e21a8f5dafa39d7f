import { useId } from 'react';
import Select from '@douyinfe/semi-ui/lib/es/select';
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
  const workflows = useWorkflows();
  const options = (workflows.data ?? []).map((workflow) => ({ value: workflow.id, label: workflow.name }));
  return (
    <div className="task-filters" role="search" aria-label="絞り込み">
      <label className="task-filters__item">
        <span className="task-filters__label" id={`${uid}-workflow`}>
          ワークフロー
        </span>
        <Select
          aria-labelledby={`${uid}-workflow`}
          className="task-filters__control"
          placeholder={SELECT_PLACEHOLDER}
          optionList={options}
          value={value.workflow}
          showClear
          onChange={(next) => onChange({ workflow: typeof next === 'number' ? next : undefined })}
        />
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
}

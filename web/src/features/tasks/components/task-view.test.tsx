import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TTask, TTaskFormField } from '@portal/shared/contracts/tasks';
import { TaskView } from './task-view.tsx';

const task = { employee_name: '山田 太郎', project_name: null, org_name: null } as TTask;

function field(overrides: Partial<TTaskFormField>): TTaskFormField {
  return {
    id: 1,
    name: 'members',
    data_type: 'autocomplete',
    label: '関係者',
    choices: [],
    value: [4, 3],
    is_required: false,
    is_readonly: false,
    max_length: null,
    help_text: '',
    order: 1,
    step: null,
    multiple: true,
    data_source: 'approvers/choice/',
    field_for_init: null,
    attachment: null,
    attachment_name: null,
    ...overrides,
  };
}

describe('TaskView autocomplete values', () => {
  it('shows the field_for_init text instead of the stored ids', () => {
    const { getByTestId } = render(
      <TaskView
        task={task}
        fields={[
          field({ field_for_init: 'member_names' }),
          field({
            id: 2,
            name: 'member_names',
            data_type: 'string',
            label: '関係者名',
            value: '鈴木 一郎、佐藤 花子',
          }),
        ]}
      />,
    );
    expect(within(getByTestId('field-members')).getByText('鈴木 一郎、佐藤 花子')).toBeTruthy();
  });

  it('falls back to the ids without a field_for_init text', () => {
    const { getByTestId } = render(<TaskView task={task} fields={[field({})]} />);
    expect(within(getByTestId('field-members')).getByText('4、3')).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { attendance } from '@portal/shared/endpoints/attendance';
import { tasks } from '@portal/shared/endpoints/tasks';
import { TaskKindsContext } from '@/components/task-kind-views.tsx';
import { attendanceDetails } from '@/features/attendance/view/test-details.ts';
import TaskApprovalRoute from '@/features/tasks/routes/task-approval.tsx';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { taskNode } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { TASK_KINDS } from './task-kinds.ts';

// app/ composes the features: the task detail page shows the attendance feature's view for 勤怠報告.
describe('task detail of a 勤怠報告', () => {
  it('replaces the field list in the task detail of a 勤怠報告, keeping the approval actions', async () => {
    mockFetch({
      ...reply(
        tasks.one,
        { id: 12 },
        {
          body: {
            id: 12,
            workflow: 2,
            workflow_name: '勤怠報告',
            workflow_kind: 'attendance',
            status: '01',
            status_name: '申請中',
            applicant_id: 2,
            employee_name: '山田 太郎',
            employee_code: 'E0007',
            project_id: null,
            project_name: null,
            org_id: 1,
            org_name: '開発一課',
            org_full_name: null,
            current_node_name: '課長承認',
            created_at: '2025-05-01T09:00:00+09:00',
            updated_at: '2025-05-01T09:00:00+09:00',
            finished_at: null,
            can_resubmit: false,
            can_withdraw: false,
            can_cancel_vacation: false,
            allowed_actions: ['approve', 'send_back', 'reject'],
            actionable_node_ids: [40],
            reject_reasons: null,
          },
        },
      ),
      ...reply(tasks.form, { id: 12 }, { body: [] }),
      ...reply(
        tasks.nodes,
        { id: 12 },
        {
          body: [
            taskNode({
              id: 40,
              node_code: '01',
              node_name: '課長承認',
              order: 1,
              status: '01',
              approver_name: '鈴木 一郎',
              is_proxy: false,
              principal_name: null,
              comment: null,
              acted_at: null,
            }),
          ],
        },
      ),
      ...reply(attendance.details, { id: 12 }, { body: attendanceDetails({ task_status: '01' }) }),
    });
    renderWithRouter(
      <TaskKindsContext.Provider value={TASK_KINDS}>
        <TaskApprovalRoute />
      </TaskKindsContext.Provider>,
      { path: '/task/tasks/approval/12/nodes/40', routePath: '/task/tasks/approval/:taskId/nodes/:nodeId' },
    );
    expect(await screen.findByTestId('attendance-view')).toBeInTheDocument();
    expect(screen.queryByTestId('task-view')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('task-actions')).getByRole('button', { name: '承認' }),
    ).toBeInTheDocument();
  });
});

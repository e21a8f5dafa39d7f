import { describe, expect, it } from 'vitest';
import { ZApprovalRequest } from './tasks.ts';
import { ZNodeRequest, ZWorkflowRequest } from './workflows.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.error?.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('ZApprovalRequest', () => {
  it('needs a comment to send back and a reason to reject', () => {
    expect(messages(ZApprovalRequest.safeParse({ action: 'send_back', comment: ' ' }))).toEqual([
      ['comment', 'コメント は必須項目です。'],
    ]);
    expect(messages(ZApprovalRequest.safeParse({ action: 'reject' }))).toEqual([
      ['reason', '却下理由 は必須項目です。'],
    ]);
    expect(ZApprovalRequest.parse({ action: 'approve' })).toEqual({ action: 'approve' });
  });
});

describe('ZNodeRequest', () => {
  const base = { workflow_id: 1, code: '01', name: '課長承認', order: 1 };

  it('takes the approver from exactly one source', () => {
    expect(ZNodeRequest.safeParse({ ...base, node_dispatch: '02' }).success).toBe(true);
    expect(ZNodeRequest.safeParse({ ...base, approver_ids: [3] }).success).toBe(true);
    expect(ZNodeRequest.safeParse(base).success).toBe(false);
    expect(ZNodeRequest.safeParse({ ...base, node_dispatch: '02', approver_ids: [3] }).success).toBe(false);
  });

  it('gives observer nodes an observerDispatch only', () => {
    expect(ZNodeRequest.safeParse({ ...base, code: '95', observer_dispatch: '32' }).success).toBe(true);
    expect(ZNodeRequest.safeParse({ ...base, code: '95' }).success).toBe(false);
    expect(ZNodeRequest.safeParse({ ...base, observer_dispatch: '32', node_dispatch: '01' }).success).toBe(
      false,
    );
  });
});

describe('ZWorkflowRequest', () => {
  it('refuses duplicate field names and a vacation form without its date fields', () => {
    const field = { name: 'a', label: 'A', order: 1 };
    expect(messages(ZWorkflowRequest.safeParse({ name: 'W', fields: [field, field] }))).toEqual([
      ['fields.1.name', '項目名「a」が重複しています。'],
    ]);
    const vacation = ZWorkflowRequest.safeParse({ name: '休暇申請', kind: 'vacation', fields: [] });
    expect(vacation.success).toBe(false);
  });

  it('needs choices for a choice field', () => {
    const result = ZWorkflowRequest.safeParse({
      name: 'W',
      fields: [{ name: 'kind', label: '種類', order: 1, data_type: 'choice' }],
    });
    expect(messages(result)).toEqual([['fields.0.choices', '選択肢 は必須項目です。']]);
  });
});

import { lazy, Suspense, useId, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import { useQueryClient } from '@tanstack/react-query';
import type {
  TApprovalRequest,
  TTask,
  TTaskAction,
  TTaskNode,
  TUndoInfo,
} from '@portal/shared/contracts/tasks';
import { CONFIRM, FIELD_MSG, SUCCESS } from '@portal/shared/messages';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { isApiError } from '@/lib/api-error.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useApproveNode } from '../api/approve-node.ts';
import { useCancelVacation } from '../api/cancel-vacation.ts';
import { useUndoNode } from '../api/undo-node.ts';
import { useWithdrawTask } from '../api/withdraw-task.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';

// Semi's Radio only for rejecting a leave request, inside its dialog: no part of a task's first paint
// (issue 37: the 勤怠報告 approval detail within the 200 KB route budget).
const VacationRejectReasons = lazy(() =>
  import('./vacation-reject-reasons.tsx').then((module) => ({ default: module.VacationRejectReasons })),
);

/** Confirmations and results the spec does not word (ours, in the register of spec §8.3/§8.4). */
export const TASK_ACTION_TEXT = {
  rejectConfirm: '却下します、よろしいですか？',
  rejected: '却下しました。',
  withdrawConfirm: '申請を取り消します、よろしいですか？',
  withdrawn: '申請を取り消しました。',
  undoConfirm: '承認を取り消します、よろしいですか？',
  undone: '承認を取り消しました。',
  cancelVacationConfirm: '休暇を取り消します、よろしいですか？',
  vacationCancelled: '休暇を取り消しました。',
} as const;

type Action = 'approve' | 'send_back' | 'reject' | 'withdraw' | 'undo' | 'cancel_vacation';

interface TaskActionsProps {
  task: TTask;
  /** The node this page acts on (the approval route); null elsewhere. */
  node: TTaskNode | null;
  undoInfo: TUndoInfo | undefined;
  /** After approve, send back or reject. */
  onDecided?: () => void;
  /** The applicant wants to edit and resubmit (status 02). */
  onResubmit?: () => void;
}

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <div className="form-field__error" id={id} role="alert">
      {message}
    </div>
  ) : null;
}

/** The buttons for what the current person may do with this task, each confirmed first. */
export function TaskActions({ task, node, undoInfo, onDecided, onResubmit }: TaskActionsProps) {
  const queryClient = useQueryClient();
  const approve = useApproveNode();
  const withdraw = useWithdrawTask();
  const undo = useUndoNode();
  const cancelVacation = useCancelVacation();
  const [open, setOpen] = useState<Action | null>(null);
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const commentId = useId();
  const errorId = useId();
  const isVacation = task.workflow_kind === 'vacation';

  // Only what the server says this person may do now (never a decision on their own request).
  const allowed = (action: TTaskAction) => task.allowed_actions.includes(action);
  const onNode = node !== null && node.status === '01' && task.actionable_node_ids.includes(node.id);
  const canApprove = onNode && allowed('approve');
  const canSendBack = onNode && allowed('send_back');
  const canReject = onNode && allowed('reject');
  const canResubmit = allowed('resubmit') && onResubmit !== undefined;
  const canWithdraw = allowed('withdraw');
  const canCancelVacation = allowed('cancel_vacation');
  const canUndo = undoInfo?.can_undo === true && undoInfo.node_id !== null;
  if (
    !canApprove &&
    !canSendBack &&
    !canReject &&
    !canResubmit &&
    !canWithdraw &&
    !canUndo &&
    !canCancelVacation
  )
    return null;

  const show = (action: Action) => {
    setComment('');
    setReason('');
    setInputError(null);
    setOpen(action);
  };
  const close = () => setOpen(null);

  /** Runs an action; a 409 (someone else acted first) shows the server's words and reloads the task. */
  const run = async (call: () => Promise<unknown>, success: string, after?: () => void) => {
    try {
      await call();
      close();
      toastSuccess(success);
      after?.();
    } catch (error) {
      toastError(error);
      if (isApiError(error, 409)) {
        close();
        await invalidateAfterTaskAction(queryClient);
      }
    }
  };

  const decide = async (body: TApprovalRequest, success: string) => {
    if (!node) return;
    await run(() => approve.mutateAsync({ taskId: task.id, nodeId: node.id, body }), success, onDecided);
  };

  const confirmDecision = async () => {
    const text = comment.trim();
    if (open === 'approve') return decide({ action: 'approve', comment: text || null }, SUCCESS.approved);
    if (open === 'send_back') {
      if (!text) return setInputError(FIELD_MSG.required('コメント'));
      return decide({ action: 'send_back', comment: text }, SUCCESS.sentBack);
    }
    if (!reason.trim()) return setInputError(FIELD_MSG.required('却下理由'));
    return decide(
      { action: 'reject', reason: reason.trim(), comment: text || null },
      TASK_ACTION_TEXT.rejected,
    );
  };

  const commentBox = (label: string, required: boolean) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={commentId}>
        {label}
        {required ? <span className="form-field__required">（*）</span> : null}
      </label>
      <TextArea
        id={commentId}
        name="comment"
        value={comment}
        onChange={(value) => {
          setComment(value);
          setInputError(null);
        }}
        maxCount={1000}
        rows={3}
        aria-invalid={required && inputError ? true : undefined}
        aria-describedby={required && inputError ? errorId : undefined}
      />
      {required ? <FieldError id={errorId} message={inputError} /> : null}
    </div>
  );

  return (
    <div className="task-actions" data-testid="task-actions">
      {canApprove ? (
        <Button theme="solid" type="primary" onClick={() => show('approve')}>
          承認
        </Button>
      ) : null}
      {canSendBack ? (
        <Button theme="solid" type="warning" onClick={() => show('send_back')}>
          差戻し
        </Button>
      ) : null}
      {canReject ? (
        <Button theme="solid" type="danger" onClick={() => show('reject')}>
          却下
        </Button>
      ) : null}
      {canResubmit ? (
        <Button theme="solid" type="primary" onClick={onResubmit}>
          再申請
        </Button>
      ) : null}
      {canWithdraw ? (
        <Button type="danger" onClick={() => show('withdraw')}>
          取消
        </Button>
      ) : null}
      {canUndo ? <Button onClick={() => show('undo')}>承認取消</Button> : null}
      {canCancelVacation ? (
        <Button type="danger" onClick={() => show('cancel_vacation')}>
          休暇取消
        </Button>
      ) : null}

      <ConfirmDialog
        visible={open === 'approve'}
        title="承認"
        message={CONFIRM.approve}
        okText="承認する"
        onCancel={close}
        onConfirm={confirmDecision}
      >
        {commentBox('コメント', false)}
      </ConfirmDialog>
      <ConfirmDialog
        visible={open === 'send_back'}
        title="差戻し"
        message={CONFIRM.sendBack}
        okText="差戻す"
        onCancel={close}
        onConfirm={confirmDecision}
      >
        {commentBox('コメント', true)}
      </ConfirmDialog>
      <ConfirmDialog
        visible={open === 'reject'}
        title="却下"
        message={TASK_ACTION_TEXT.rejectConfirm}
        okText="却下する"
        danger
        onCancel={close}
        onConfirm={confirmDecision}
      >
        <div className="form-field">
          <span className="form-field__label" id={`${errorId}-reason`}>
            却下理由<span className="form-field__required">（*）</span>
          </span>
          {isVacation ? (
            <Suspense fallback={null}>
              <VacationRejectReasons
                labelledBy={`${errorId}-reason`}
                value={reason}
                onChange={(next) => {
                  setReason(next);
                  setInputError(null);
                }}
              />
            </Suspense>
          ) : (
            <TextArea
              name="reason"
              aria-labelledby={`${errorId}-reason`}
              value={reason}
              onChange={(value) => {
                setReason(value);
                setInputError(null);
              }}
              maxCount={500}
              rows={3}
            />
          )}
          <FieldError id={errorId} message={inputError} />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        visible={open === 'withdraw'}
        title="申請の取消"
        message={TASK_ACTION_TEXT.withdrawConfirm}
        okText="取り消す"
        danger
        onCancel={close}
        onConfirm={() =>
          run(() => withdraw.mutateAsync({ taskId: task.id, body: {} }), TASK_ACTION_TEXT.withdrawn)
        }
      />
      <ConfirmDialog
        visible={open === 'undo'}
        title="承認取消"
        message={TASK_ACTION_TEXT.undoConfirm}
        okText="取り消す"
        onCancel={close}
        onConfirm={() =>
          run(
            () => undo.mutateAsync({ taskId: task.id, nodeId: undoInfo?.node_id ?? 0 }),
            TASK_ACTION_TEXT.undone,
          )
        }
      />
      <ConfirmDialog
        visible={open === 'cancel_vacation'}
        title="休暇取消"
        message={TASK_ACTION_TEXT.cancelVacationConfirm}
        okText="取り消す"
        danger
        onCancel={close}
        onConfirm={() =>
          run(() => cancelVacation.mutateAsync({ taskId: task.id }), TASK_ACTION_TEXT.vacationCancelled)
        }
      />
    </div>
  );
}

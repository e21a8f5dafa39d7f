import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@douyinfe/semi-ui/lib/es/button';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import { useQueryClient } from '@tanstack/react-query';
import type {
  TApprovalRequest,
  TTask,
  TTaskAction,
  TTaskNode,
  TUndoInfo,
} from '@portal/shared/contracts/tasks';
import { CONFIRM, FIELD_MSG, SUCCESS, TASK_ACTION_TEXT } from '@portal/shared/messages';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useTaskKind, type RejectControlProps } from '@/components/task-kind-views.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useApproveNode } from '../api/approve-node.ts';
import { useCancelVacation } from '../api/cancel-vacation.ts';
import { useUndoNode } from '../api/undo-node.ts';
import { useWithdrawTask } from '../api/withdraw-task.ts';

// Semi's Radio only for rejecting with fixed reasons, inside its dialog: no part of a task's first
// paint (issue 37: the 勤怠報告 approval detail within the 200 KB route budget).
const FixedRejectReasons = lazy(() =>
  import('./fixed-reject-reasons.tsx').then((module) => ({ default: module.FixedRejectReasons })),
);

type Action = 'approve' | 'send_back' | 'reject' | 'resubmit' | 'withdraw' | 'undo' | 'cancel_vacation';

/** One action of the table: its button and, unless it acts at once, the confirmation it asks. */
interface ActionEntry {
  readonly action: Action;
  readonly label: string;
  readonly button: Pick<ButtonProps, 'theme' | 'type'>;
  /** The server allows it (allowed_actions, undo-info) and this page offers it. */
  readonly allowed: boolean;
  /** Acts without asking (resubmit opens the form). */
  readonly onClick?: () => void;
  readonly dialog?: {
    readonly title: string;
    /** The question, from shared/src/messages.ts. */
    readonly message: string;
    readonly okText: string;
    readonly danger?: boolean;
    readonly body?: ReactNode;
    readonly confirm: () => Promise<unknown>;
  };
}

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
  const kind = useTaskKind(task.workflow_kind);

  // Only what the server says this person may do now (never a decision on their own request).
  const allowed = (action: TTaskAction) => task.allowed_actions.includes(action);
  const onNode = node !== null && node.status === '01' && task.actionable_node_ids.includes(node.id);

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

  const commentText = () => comment.trim() || null;
  const sendBack = async () => {
    const text = comment.trim();
    if (!text) return setInputError(FIELD_MSG.required('コメント'));
    return decide({ action: 'send_back', comment: text }, SUCCESS.sentBack);
  };
  const reject = async () => {
    if (!reason.trim()) return setInputError(FIELD_MSG.required('却下理由'));
    return decide(
      { action: 'reject', reason: reason.trim(), comment: commentText() },
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

  const reasonProps: RejectControlProps = {
    labelledBy: `${errorId}-reason`,
    reasons: task.reject_reasons,
    value: reason,
    onChange: (next) => {
      setReason(next);
      setInputError(null);
    },
  };
  // The kind's own control, else its fixed reasons (from the task answer), else free text.
  const RejectControl = kind.rejectControl ?? (task.reject_reasons ? FixedRejectReasons : null);
  const reasonBox = (
    <div className="form-field">
      <span className="form-field__label" id={reasonProps.labelledBy}>
        却下理由<span className="form-field__required">（*）</span>
      </span>
      {RejectControl ? (
        <Suspense fallback={null}>
          <RejectControl {...reasonProps} />
        </Suspense>
      ) : (
        <TextArea
          name="reason"
          aria-labelledby={reasonProps.labelledBy}
          value={reason}
          onChange={reasonProps.onChange}
          maxCount={500}
          rows={3}
        />
      )}
      <FieldError id={errorId} message={inputError} />
    </div>
  );

  const table: readonly ActionEntry[] = [
    {
      action: 'approve',
      label: '承認',
      button: { theme: 'solid', type: 'primary' },
      allowed: onNode && allowed('approve'),
      dialog: {
        title: '承認',
        message: CONFIRM.approve,
        okText: '承認する',
        body: commentBox('コメント', false),
        confirm: () => decide({ action: 'approve', comment: commentText() }, SUCCESS.approved),
      },
    },
    {
      action: 'send_back',
      label: '差戻し',
      button: { theme: 'solid', type: 'warning' },
      allowed: onNode && allowed('send_back'),
      dialog: {
        title: '差戻し',
        message: CONFIRM.sendBack,
        okText: '差戻す',
        body: commentBox('コメント', true),
        confirm: sendBack,
      },
    },
    {
      action: 'reject',
      label: '却下',
      button: { theme: 'solid', type: 'danger' },
      allowed: onNode && allowed('reject'),
      dialog: {
        title: '却下',
        message: TASK_ACTION_TEXT.rejectConfirm,
        okText: '却下する',
        danger: true,
        body: reasonBox,
        confirm: reject,
      },
    },
    {
      action: 'resubmit',
      label: '再申請',
      button: { theme: 'solid', type: 'primary' },
      allowed: allowed('resubmit') && onResubmit !== undefined,
      onClick: onResubmit,
    },
    {
      action: 'withdraw',
      label: '取消',
      button: { type: 'danger' },
      allowed: allowed('withdraw'),
      dialog: {
        title: '申請の取消',
        message: TASK_ACTION_TEXT.withdrawConfirm,
        okText: '取り消す',
        danger: true,
        confirm: () =>
          run(() => withdraw.mutateAsync({ taskId: task.id, body: {} }), TASK_ACTION_TEXT.withdrawn),
      },
    },
    {
      action: 'undo',
      label: '承認取消',
      button: {},
      allowed: undoInfo?.can_undo === true && undoInfo.node_id !== null,
      dialog: {
        title: '承認取消',
        message: TASK_ACTION_TEXT.undoConfirm,
        okText: '取り消す',
        confirm: () =>
          run(
            () => undo.mutateAsync({ taskId: task.id, nodeId: undoInfo?.node_id ?? 0 }),
            TASK_ACTION_TEXT.undone,
          ),
      },
    },
    {
      action: 'cancel_vacation',
      label: '休暇取消',
      button: { type: 'danger' },
      allowed: allowed('cancel_vacation'),
      dialog: {
        title: '休暇取消',
        message: TASK_ACTION_TEXT.cancelVacationConfirm,
        okText: '取り消す',
        danger: true,
        confirm: () =>
          run(() => cancelVacation.mutateAsync({ taskId: task.id }), TASK_ACTION_TEXT.vacationCancelled),
      },
    },
  ];
  const offered = table.filter((entry) => entry.allowed);
  if (offered.length === 0) return null;

  return (
    <div className="task-actions" data-testid="task-actions">
      {offered.map(({ action, label, button, dialog, onClick }) => (
        <Button key={action} {...button} onClick={dialog ? () => show(action) : onClick}>
          {label}
        </Button>
      ))}
      {offered.map(({ action, dialog }) =>
        dialog ? (
          <ConfirmDialog
            key={action}
            visible={open === action}
            title={dialog.title}
            message={dialog.message}
            okText={dialog.okText}
            danger={dialog.danger}
            onCancel={close}
            onConfirm={async () => {
              await dialog.confirm();
            }}
          >
            {dialog.body}
          </ConfirmDialog>
        ) : null,
      )}
    </div>
  );
}

import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate } from 'react-router-dom';
import type { TAttendanceMonth } from '@portal/shared/contracts/attendance';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { taskLink } from '@portal/shared/workflow/task-links';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { useStickyInset } from '@/hooks/use-sticky-inset.ts';
import { isApiError } from '@/lib/api-error.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useSubmitAttendance } from '../../api/submit-attendance.ts';
import { VacationTable } from '../../view/vacation-table.tsx';
import { EntryStoreProvider, useEntry } from '../model/entry-context.tsx';
import { createEntryStore, snapshotOf, type EntryStore } from '../model/entry-store.ts';
import { localDraftKey, readLocalDraft, removeLocalDraft } from '../model/local-draft.ts';
import { relock, snapshotFromMonth, submitBody, type TimesheetChange } from '../model/month-data.ts';
import { useDraftAutosave, type DraftStatus } from '../model/use-draft-autosave.ts';
import { EntryTabs } from './entry-tabs.tsx';
import { MonthSummary } from './month-summary.tsx';
import { TimesheetInput } from './timesheet-input.tsx';

/** Ours: the spec has no wording for these. */
export const SUBMITTED = '申請しました。';
export const RESTORED = 'サーバーに保存される前の入力をこの端末から復元しました。';
export const REMARK_MAX_LENGTH = 1000;

const STATUS_TEXT: Readonly<Record<DraftStatus, string>> = {
  saved: '下書きは保存済みです',
  pending: '未保存の入力があります',
  saving: '下書きを保存しています…',
  local: '入力に誤りがあるため、下書きはこの端末にのみ保存されています',
  closed: 'この月は既に申請されています。画面を再読み込みしてください。',
};

interface Start {
  store: EntryStore;
  restored: boolean;
}

/**
 * The store a month starts with: the server's month, or this browser's copy of it. A copy is removed
 * as soon as the server has saved what it holds, so one that is still there and differs holds input
 * the server never got (clocks are not compared: a phone's may be off).
 */
function startStore(month: TAttendanceMonth, localKey: string): Start {
  const context = { calendar: month.calendar };
  const server = snapshotFromMonth(month);
  const local = month.editable ? readLocalDraft(localKey, month.year, month.month) : null;
  if (local) {
    const copy = relock(local.snapshot, month);
    if (JSON.stringify(copy) !== JSON.stringify(server)) {
      return { store: createEntryStore(copy, context), restored: true };
    }
    removeLocalDraft(localKey);
  }
  return { store: createEntryStore(server, context), restored: false };
}

/** A native checkbox: light, and reliable inside the Lark webview. */
function DefaultInputToggle({ store, disabled }: { store: EntryStore; disabled: boolean }) {
  const checked = useEntry((state) => state.defaultInput);
  return (
    <label className="ae-check">
      <input
        type="checkbox"
        name="default_input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => store.getState().setDefaultInput(event.target.checked)}
      />
      <span>デフォルト勤怠入力</span>
    </label>
  );
}

function Remark({ store, disabled, error }: { store: EntryStore; disabled: boolean; error?: string }) {
  const remark = useEntry((state) => state.remark);
  return (
    <div className="ae-field">
      <label className="ae-field__label" htmlFor="remark">
        備考
      </label>
      <textarea
        id="remark"
        name="remark"
        className="ae-textarea"
        rows={3}
        maxLength={REMARK_MAX_LENGTH}
        value={remark}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'remark-error' : undefined}
        onChange={(event) => {
          store.getState().setRemark(event.target.value);
          store.getState().clearServerError('remark');
        }}
      />
      {error ? (
        <p className="ae-cell-error" id="remark-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FormErrors() {
  const count = useEntry((state) => Object.keys(state.serverErrors).length);
  const general = useEntry(
    (state) => state.serverErrors['first.days']?.[0] ?? state.serverErrors['second.days']?.[0],
  );
  if (count === 0) return null;
  return (
    <p className="ae-form-error" role="alert" data-testid="attendance-form-error">
      {general ?? '入力内容に誤りがあります。赤字の項目を確認してください。'}
    </p>
  );
}

function saveMessage(status: DraftStatus, savedAt: Date | null): string {
  if (status === 'saved' && savedAt) {
    const time = savedAt.toLocaleTimeString('ja-JP', { hour: '2-digit', minute: '2-digit' });
    return `下書きを保存しました（${time}）`;
  }
  return STATUS_TEXT[status];
}

interface EntryFormProps {
  month: TAttendanceMonth;
}

/** The entry form of one month (spec §2.6): built once per month, kept in its own store. */
export function EntryForm({ month }: EntryFormProps) {
  const localKey = localDraftKey(month.employee.id, month.year, month.month);
  const [{ store, restored }] = useState(() => startStore(month, localKey));
  return (
    <EntryStoreProvider store={store}>
      <EntryFormBody month={month} store={store} localKey={localKey} restored={restored} />
    </EntryStoreProvider>
  );
}

interface BodyProps {
  month: TAttendanceMonth;
  store: EntryStore;
  localKey: string;
  restored: boolean;
}

function EntryFormBody({ month, store, localKey, restored }: BodyProps) {
  const navigate = useNavigate();
  const readOnly = !month.editable;
  const autosave = useDraftAutosave({ store, localKey, editable: month.editable, startsUnsaved: restored });
  const submit = useSubmitAttendance();
  const [timesheet, setTimesheet] = useState<TimesheetChange>({ upload: null, remove: false });
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const reserveBottom = useStickyInset('bottom');
  const remarkError = useEntry((state) => state.serverErrors.remark?.[0]);
  const fileError = useEntry((state) => state.serverErrors.work_time_file?.[0]);

  /** A 400 puts each message under its cell; anything else is a toast. */
  const showFailure = (error: unknown) => {
    if (isApiError(error, 400)) {
      store.getState().setServerErrors(error.fieldErrors);
      if (error.nonFieldErrors.length > 0 || error.detail) toastError(error);
      return;
    }
    toastError(error);
  };

  const saveDraft = async () => {
    if (submit.isPending) return;
    setSaving(true);
    try {
      await autosave.saveNow();
      store.getState().setServerErrors({});
      toastSuccess(SUCCESS.saved);
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const send = async () => {
    // No draft save races the submission: a waiting one is cancelled, a running one finishes first.
    await autosave.beginSubmit();
    const body = submitBody(snapshotOf(store.getState()), timesheet);
    try {
      const task =
        month.status === '02' && month.task_id !== null
          ? await submit.mutateAsync({ kind: 'resubmit', taskId: month.task_id, body })
          : await submit.mutateAsync({ kind: 'create', workflowId: month.workflow_id ?? 0, body });
      autosave.close();
      setConfirming(false);
      toastSuccess(SUBMITTED);
      navigate(taskLink.task('unresolved', task.id));
    } catch (error) {
      autosave.endSubmit();
      setConfirming(false);
      showFailure(error);
    }
  };

  return (
    <form
      className="ae-form"
      aria-label={`${month.year}年${month.month}月の勤怠`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) setConfirming(true);
      }}
    >
      {restored ? (
        <p className="ae-notice" role="status">
          {RESTORED}
        </p>
      ) : null}
      <div className="ae-toolbar">
        <DefaultInputToggle store={store} disabled={readOnly} />
        {readOnly ? null : (
          <span className="ae-toolbar__status muted" data-testid="draft-status" data-status={autosave.status}>
            {saveMessage(autosave.status, autosave.savedAt)}
          </span>
        )}
      </div>
      <FormErrors />
      <EntryTabs readOnly={readOnly} />

      <section className="ae-section" aria-labelledby="ae-leave-heading">
        <h3 className="ae-section__heading" id="ae-leave-heading">
          休暇履歴
        </h3>
        <VacationTable vacations={month.vacations} />
      </section>

      <MonthSummary />

      <section className="ae-section" aria-label="添付と備考">
        <TimesheetInput
          attached={month.attachment}
          value={timesheet}
          disabled={readOnly}
          serverError={fileError}
          onChange={(change) => {
            setTimesheet(change);
            store.getState().clearServerError('work_time_file');
          }}
        />
        <Remark store={store} disabled={readOnly} error={remarkError} />
      </section>

      {readOnly ? null : (
        <div className="ae-actions" ref={reserveBottom}>
          <Button
            htmlType="button"
            loading={saving}
            disabled={submit.isPending}
            onClick={() => void saveDraft()}
          >
            一時保存
          </Button>
          <Button
            htmlType="submit"
            theme="solid"
            type="primary"
            loading={submit.isPending}
            disabled={month.workflow_id === null && month.status !== '02'}
          >
            {month.status === '02' ? '再申請' : '申請'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        visible={confirming}
        title={month.status === '02' ? '再申請' : '申請'}
        message={CONFIRM.createTask}
        okText={month.status === '02' ? '再申請' : '申請'}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      />
    </form>
  );
}

import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useNavigate } from 'react-router-dom';
import { lockHolidays } from '@portal/shared/attendance/form-rules';
import type { TAttendanceCorrectionInput, TAttendanceDetails } from '@portal/shared/contracts/attendance';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { EntryTabs } from '../form/components/entry-tabs.tsx';
import { EntryStoreProvider, useEntry, useEntryStore } from '../form/model/entry-context.tsx';
import { createEntryStore, snapshotOf, type EntrySnapshot } from '../form/model/entry-store.ts';
import { draftBody } from '../form/model/month-data.ts';
import { settingsForm } from '../form/model/settings-form.ts';
import { useSaveCorrection } from '../api/save-correction.ts';
import { correctionErrors, type CorrectionError } from './correction-errors.ts';
import { monthLabel } from './format.ts';
import { reportViewPath } from './paths.ts';
import '../form/components/attendance-form.css';
import './attendance-view.css';

export const SAVE_BUTTON = '保存';
const SET_LABEL = { first: '社内勤怠', second: '現場勤怠' } as const;

/** The report as the entry form's state; holidays are locked as the entry form locks them. */
function snapshotOfDetails(details: TAttendanceDetails): EntrySnapshot {
  const form = lockHolidays(
    { year: details.year, month: details.month, first: details.first.days, second: details.second.days },
    details.calendar,
  );
  return {
    year: details.year,
    month: details.month,
    settings: {
      first: settingsForm(details.first.settings),
      second: settingsForm(details.second.settings),
    },
    days: { first: form.first, second: form.second },
    defaultInput: false,
    remark: details.remark,
  };
}

function correctionBody(snapshot: EntrySnapshot): TAttendanceCorrectionInput {
  const { first, second, remark } = draftBody(snapshot);
  return { first, second, remark };
}

/** Which days differ from the version being corrected, e.g. '社内勤怠 12日'. */
function ChangedDays({ initial }: { initial: EntrySnapshot }) {
  const days = useEntry((state) => state.days);
  const changed = (['second', 'first'] as const).flatMap((set) =>
    days[set].flatMap((day, i) => {
      const was = initial.days[set][i];
      return day.type === was?.type && day.start === was.start && day.end === was.end
        ? []
        : [`${SET_LABEL[set]} ${i + 1}日`];
    }),
  );
  return (
    <p className="att-correction__changed" data-testid="correction-changed">
      変更した日：{changed.length === 0 ? 'なし' : changed.join('、')}
    </p>
  );
}

function RemarkField() {
  const store = useEntryStore();
  const remark = useEntry((state) => state.remark);
  return (
    <label className="att-field att-field--wide">
      <span>備考</span>
      <textarea
        name="remark"
        rows={3}
        maxLength={1000}
        value={remark}
        onChange={(event) => store.getState().setRemark(event.target.value)}
      />
    </label>
  );
}

function Actions({ details }: { details: TAttendanceDetails }) {
  const navigate = useNavigate();
  const store = useEntryStore();
  const save = useSaveCorrection(details.task_id);
  const edited = useEntry((state) => state.revision > 0);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<CorrectionError[]>([]);

  const submit = async () => {
    try {
      await save.mutateAsync(correctionBody(snapshotOf(store.getState())));
      toastSuccess(SUCCESS.saved);
      navigate(reportViewPath(details.task_id));
    } catch (error) {
      setConfirming(false);
      // Cell errors go under their cells (the grid reads them from the store) and are listed here too,
      // since they may sit on the other tab.
      if (isApiError(error, 400)) store.getState().setServerErrors(error.fieldErrors);
      const listed = correctionErrors(error);
      setErrors(listed);
      if (listed.length === 0) toastError(error);
    }
  };

  return (
    <>
      {errors.length > 0 ? (
        <ul className="att-correction__errors" role="alert" data-testid="correction-errors">
          {errors.map((error) => (
            <li key={error.key}>{error.text}</li>
          ))}
        </ul>
      ) : null}
      <div className="att-correction__actions">
        <Button onClick={() => navigate(reportViewPath(details.task_id))}>キャンセル</Button>
        <Button theme="solid" disabled={!edited} onClick={() => setConfirming(true)}>
          {SAVE_BUTTON}
        </Button>
      </div>
      <ConfirmDialog
        visible={confirming}
        title="勤怠の修正"
        message={CONFIRM.save}
        okText="保存する"
        onCancel={() => setConfirming(false)}
        onConfirm={submit}
      />
    </>
  );
}

/**
 * HR's correction of an approved 勤怠報告 on the entry form's grids (its rules, 15-minute rounding
 * and live figures), saved as a whole. The API keeps the previous version and records who edited it
 * and when.
 */
export function CorrectionForm({ details }: { details: TAttendanceDetails }) {
  const [initial] = useState(() => snapshotOfDetails(details));
  const [store] = useState(() => createEntryStore(initial, { calendar: details.calendar }));
  return (
    <EntryStoreProvider store={store}>
      <div className="att-correction" data-testid="attendance-correction">
        <h3 className="att-view__title">
          <span>{monthLabel(details.year, details.month)}</span>
          <span className="att-view__applicant">
            {details.employee.name}（{details.employee.code}）
          </span>
        </h3>
        <EntryTabs readOnly={false} />
        <ChangedDays initial={initial} />
        <RemarkField />
        <Actions details={details} />
      </div>
    </EntryStoreProvider>
  );
}

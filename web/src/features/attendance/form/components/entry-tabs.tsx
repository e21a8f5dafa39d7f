import { useDeferredValue, useMemo, useState } from 'react';
import Tabs from '@douyinfe/semi-ui/lib/es/tabs';
import TabPane from '@douyinfe/semi-ui/lib/es/tabs/TabPane';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import { MergedTable } from '../../view/merged-table.tsx';
import { mergedRows } from '../../view/sheet-rows.ts';
import { TotalsTable } from '../../view/totals-table.tsx';
import { useEntry } from '../model/entry-context.tsx';
import type { TView } from '../model/entry-store.ts';
import { toSettings } from '../model/settings-form.ts';
import { DayGrid } from './day-grid.tsx';
import { SettingsPanel } from './settings-panel.tsx';

export const TAB_LABELS: Readonly<Record<TView, string>> = {
  first: '社内勤怠',
  second: '現場勤怠',
  merged: '合併勤怠',
};

/** A tab's every total: deferred, so a keystroke's frame is spent on the grid and the summary. */
function TabTotals({ set }: { set: TFormSet }) {
  const totals = useDeferredValue(useEntry((state) => state.result[set].totals));
  return <TotalsTable totals={totals} caption={`${TAB_LABELS[set]}の合計`} />;
}

function EntryTab({ set, readOnly }: { set: TFormSet; readOnly: boolean }) {
  return (
    <>
      <SettingsPanel set={set} readOnly={readOnly} />
      <DayGrid set={set} label={`${TAB_LABELS[set]}の日別入力`} readOnly={readOnly} />
      <TabTotals set={set} />
    </>
  );
}

/** The merged view (spec §2.5, §2.6): read-only, both tabs' times with the in-house settings. */
function MergedTab() {
  const year = useEntry((state) => state.year);
  const month = useEntry((state) => state.month);
  const calendar = useEntry((state) => state.calendar);
  const settings = useEntry((state) => state.settings);
  const days = useEntry((state) => state.days);
  const result = useEntry((state) => state.result.merged);
  const rows = useMemo(
    () =>
      mergedRows(
        {
          year,
          month,
          calendar,
          first: { settings: toSettings(settings.first), days: days.first },
          second: { settings: toSettings(settings.second), days: days.second },
        },
        result,
      ),
    [year, month, calendar, settings, days, result],
  );
  return (
    <>
      <p className="ae-note muted">合併勤怠は社内勤怠と現場勤怠から計算されます（入力はできません）。</p>
      <MergedTable rows={rows} caption={`${TAB_LABELS.merged}の日別`} />
      <TotalsTable totals={result.totals} caption={`${TAB_LABELS.merged}の合計`} />
    </>
  );
}

/**
 * The two editable tabs and the merged view. Only the open tab is in the DOM: the grids keep their
 * input in the form's store, not in the inputs.
 */
export function EntryTabs({ readOnly }: { readOnly: boolean }) {
  const [active, setActive] = useState<TView>('first');
  return (
    <Tabs
      className="ae-tabs"
      type="line"
      activeKey={active}
      onChange={(key) => setActive(key as TView)}
      keepDOM={false}
      lazyRender
    >
      <TabPane tab={TAB_LABELS.first} itemKey="first">
        <EntryTab set="first" readOnly={readOnly} />
      </TabPane>
      <TabPane tab={TAB_LABELS.second} itemKey="second">
        <EntryTab set="second" readOnly={readOnly} />
      </TabPane>
      <TabPane tab={TAB_LABELS.merged} itemKey="merged">
        <MergedTab />
      </TabPane>
    </Tabs>
  );
}

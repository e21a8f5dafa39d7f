import { useMemo, useState, type ReactNode } from 'react';
import Tabs from '@douyinfe/semi-ui/lib/es/tabs';
import TabPane from '@douyinfe/semi-ui/lib/es/tabs/TabPane';
import { takesTimes } from '@portal/shared/attendance/day-types';
import type { TAttendanceTabs, TAttendanceTabsResult } from '@portal/shared/attendance/merge';
import { DailyTable } from './daily-table.tsx';
import { MergedTable } from './merged-table.tsx';
import { SettingsTable } from './settings-table.tsx';
import { mergedRows, tabRows } from './sheet-rows.ts';
import { TotalsTable } from './totals-table.tsx';
import './attendance-view.css';

type SheetTab = 'on-site' | 'in-house' | 'merged';

interface AttendanceSheetProps {
  tabs: TAttendanceTabs;
  results: TAttendanceTabsResult;
  remark: string;
  /** The attached timesheet's link, or null when none was attached. */
  timesheet: ReactNode;
}

/** Whether a tab holds work or leave: holidays (10) come filled in on both tabs. */
const hasEntries = (days: readonly { type: string }[]) => days.some((day) => takesTimes(day.type));

function Remarks({ remark, timesheet }: Pick<AttendanceSheetProps, 'remark' | 'timesheet'>) {
  return (
    <dl className="att-notes">
      <div className="att-notes__row" data-testid="attendance-timesheet">
        <dt>タイムシート</dt>
        <dd>{timesheet ?? <span className="muted">なし</span>}</dd>
      </div>
      <div className="att-notes__row" data-testid="attendance-remark">
        <dt>備考</dt>
        <dd className="att-notes__text">{remark}</dd>
      </div>
    </dl>
  );
}

/**
 * The three tabs of the read-only view (spec §2.5): on-site (settings *_2, the second set) and
 * in-house (the first set) with settings, daily table, totals, timesheet and remark; the merged view
 * with its own daily table and totals.
 */
export function AttendanceSheet({ tabs, results, remark, timesheet }: AttendanceSheetProps) {
  // On-site comes first (spec §2.5); a month entered in-house only opens where its days are.
  const [active, setActive] = useState<SheetTab>(() =>
    !hasEntries(tabs.second.days) && hasEntries(tabs.first.days) ? 'in-house' : 'on-site',
  );
  const onSite = useMemo(() => tabRows(tabs, 'second', results.second), [tabs, results.second]);
  const inHouse = useMemo(() => tabRows(tabs, 'first', results.first), [tabs, results.first]);
  const merged = useMemo(() => mergedRows(tabs, results.merged), [tabs, results.merged]);

  return (
    <Tabs
      className="att-sheet"
      type="line"
      activeKey={active}
      onChange={(key) => setActive(key as SheetTab)}
      keepDOM={false}
      lazyRender
    >
      <TabPane tab="現場勤怠" itemKey="on-site">
        <SettingsTable settings={tabs.second.settings} caption="現場勤怠の設定" />
        <DailyTable rows={onSite} caption="現場勤怠の日別" />
        <TotalsTable totals={results.second.totals} caption="現場勤怠の合計" />
        <Remarks remark={remark} timesheet={timesheet} />
      </TabPane>
      <TabPane tab="社内勤怠" itemKey="in-house">
        <SettingsTable settings={tabs.first.settings} caption="社内勤怠の設定" />
        <DailyTable rows={inHouse} caption="社内勤怠の日別" />
        <TotalsTable totals={results.first.totals} caption="社内勤怠の合計" />
        <Remarks remark={remark} timesheet={timesheet} />
      </TabPane>
      <TabPane tab="合併勤怠" itemKey="merged">
        <MergedTable rows={merged} caption="合併勤怠の日別" />
        <TotalsTable totals={results.merged.totals} caption="合併勤怠の合計" />
      </TabPane>
    </Tabs>
  );
}

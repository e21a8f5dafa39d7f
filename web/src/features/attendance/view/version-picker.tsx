import type { TAttendanceVersion } from '@portal/shared/contracts/attendance';
import { dayjs } from '@/lib/dayjs.ts';

export function versionLabel(version: TAttendanceVersion): string {
  const time = dayjs(version.created_at).format('YYYY-MM-DD HH:mm');
  if (version.is_correction) return `第${version.version}版（${version.editor_name} が修正 ${time}）`;
  return `第${version.version}版（${version.version === 1 ? '申請' : '再申請'} ${time}）`;
}

/** Picks a stored version of a report: resubmissions and HR corrections keep the versions before them. */
export function VersionPicker({
  versions,
  value,
  onChange,
}: {
  versions: readonly TAttendanceVersion[];
  value: number;
  onChange: (version: number) => void;
}) {
  if (versions.length < 2) return null;
  return (
    <label className="att-version">
      <span>表示する版</span>
      <select
        name="version"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="attendance-version"
      >
        {versions.map((version) => (
          <option key={version.version} value={version.version}>
            {versionLabel(version)}
          </option>
        ))}
      </select>
    </label>
  );
}

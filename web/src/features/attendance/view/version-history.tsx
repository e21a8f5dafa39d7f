import type { TAttendanceVersion } from '@portal/shared/contracts/attendance';
import { dayjs } from '@/lib/dayjs.ts';
import { versionLabel } from './version-picker.tsx';

/**
 * Every stored version of a report, newest first, with the approver's send-back comment beside the
 * version it sent back: what was sent back stays readable after the resubmission.
 */
export function VersionHistory({
  versions,
  current,
  onPick,
}: {
  versions: readonly TAttendanceVersion[];
  current: number;
  onPick: (version: number) => void;
}) {
  if (versions.length < 2) return null;
  return (
    <section className="att-history" aria-label="版の履歴" data-testid="attendance-history">
      <ol>
        {versions.map((version) => (
          <li key={version.version} data-testid={`attendance-history-${version.version}`}>
            <button
              type="button"
              className="att-history__version"
              aria-current={version.version === current ? 'true' : undefined}
              onClick={() => onPick(version.version)}
            >
              {versionLabel(version)}
            </button>
            {version.send_back_comment !== null ? (
              <span className="att-history__sent-back">
                差戻し（{dayjs(version.sent_back_at).format('YYYY-MM-DD HH:mm')}）：
                {version.send_back_comment}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

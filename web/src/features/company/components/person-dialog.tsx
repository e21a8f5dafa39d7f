import { useEffect, useRef } from 'react';
import type { TEmployeeCard } from '@portal/shared/contracts/employees';
import { isInLark } from '@/lib/lark.ts';
import { Avatar } from './person-avatar.tsx';

/** Lark's app link that opens a chat with the person (inside the Lark app only). */
const larkChatUrl = (openId: string) =>
  `https://applink.larksuite.com/client/chat/open?openId=${encodeURIComponent(openId)}`;

/**
 * One person as a colleague sees them: name, kana, organisations and titles, work e-mail; never
 * phone, address, birthday or residence status. A native modal dialog: Escape closes it and focus
 * goes back to the button that opened it.
 */
export function PersonDialog({ person, onClose }: { person: TEmployeeCard; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="person-dialog"
      aria-labelledby="person-dialog-name"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === ref.current) onClose();
      }}
      data-testid="person-dialog"
    >
      <div className="person-dialog__body">
        <div className="person-dialog__head">
          <Avatar name={person.name} />
          <div>
            <h2 id="person-dialog-name" className="person-dialog__name">
              {person.name}
            </h2>
            {person.kana ? <p className="person-dialog__kana">{person.kana}</p> : null}
          </div>
        </div>
        <dl className="person-dialog__facts">
          <dt>社員番号</dt>
          <dd>{person.code}</dd>
          <dt>所属</dt>
          <dd>
            <ul className="person-dialog__positions">
              {person.positions.map((p) => (
                <li key={p.organization_id}>
                  {p.organization}
                  {p.title ? ` ${p.title}` : ''}
                  {p.is_head ? '（組織の長）' : ''}
                  {p.is_part_time ? '（兼務）' : ''}
                </li>
              ))}
            </ul>
          </dd>
          <dt>メールアドレス</dt>
          <dd>{person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : '—'}</dd>
        </dl>
        <div className="person-dialog__actions">
          {person.lark_open_id && isInLark() ? (
            <a className="link-button" href={larkChatUrl(person.lark_open_id)}>
              Lark でチャット
            </a>
          ) : null}
          <button type="button" className="person-dialog__close" onClick={onClose}>
            閉じる
          </button>
        </div>
      </div>
    </dialog>
  );
}

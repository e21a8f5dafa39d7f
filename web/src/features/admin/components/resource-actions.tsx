import Button from '@douyinfe/semi-ui/lib/es/button';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { invalidateAdmin } from '@/api/query-keys.ts';
import { Alert } from '@/components/alert.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { firstField, useFocusAfterRender } from '@/components/focus.ts';
import { toastError } from '@/lib/notify.ts';
import type { ActionDecl, ConsoleUser } from '../resource.ts';
import { DeclaredForm } from './resource-form.tsx';

interface Outcome {
  message: string;
  lines?: string[];
}

/**
 * The declared actions a user may take on a record: each asks first (a dialog, or a form that says
 * what will happen), then tells what it did. Actions the server would refuse are not shown.
 */
export function ResourceActions<T>({
  detail,
  actions,
  user,
}: {
  detail: T;
  actions: readonly ActionDecl<T>[];
  user: ConsoleUser;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The last action asked about in the dialog: it keeps its text while the dialog closes.
  const [asked, setAsked] = useState<string | null>(null);
  // Focus follows what each step shows (issue 37): the form's first field, its opener on a cancel,
  // the outcome once done; never the document, where the removed form or button would leave it.
  const focusAfterRender = useFocusAfterRender();
  const section = useRef<HTMLElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const buttonOf = (label: string) =>
    Array.from(section.current?.querySelectorAll<HTMLElement>('.admin-actions__buttons button') ?? []).find(
      (button) => button.textContent === label,
    );
  const allowed = actions.filter(
    (a) => user.can(a.permission) && (!a.superuserOnly || user.isSuperuser) && (a.visible?.(detail) ?? true),
  );
  if (allowed.length === 0 && !outcome) return null;
  const current = allowed.find((a) => a.key === open);
  const dialog = allowed.find((a) => a.key === asked && !a.fields);

  const run = async (action: ActionDecl<T>, body: Record<string, unknown>) => {
    const result = await action.run(detail, body);
    setOpen(null);
    setOutcome(result);
    focusAfterRender(() => outcomeRef.current);
    await invalidateAdmin(queryClient);
  };

  return (
    <section className="admin-actions" aria-label="操作" ref={section}>
      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1} data-testid="action-outcome">
          <Alert type="info">
            {outcome.message}
            {outcome.lines?.length ? (
              <ul className="admin-actions__lines">
                {outcome.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <div className="admin-actions__buttons">
        {allowed.map((action) => (
          <Button
            key={action.key}
            size="large"
            type={action.danger ? 'danger' : 'primary'}
            aria-expanded={action.fields ? open === action.key : undefined}
            onClick={() => {
              setOutcome(null);
              setOpen(open === action.key ? null : action.key);
              if (!action.fields) setAsked(action.key);
              else if (open !== action.key)
                focusAfterRender(() => firstField(section.current?.querySelector('.admin-actions__panel')));
            }}
          >
            {action.label}
          </Button>
        ))}
      </div>
      {current?.fields ? (
        <div className="admin-actions__panel">
          <Alert type="info">{current.confirm(detail)}</Alert>
          {current.notice?.(detail)}
          <DeclaredForm
            label={current.label}
            fields={current.fields}
            initial={current.initial?.(detail) ?? {}}
            user={user}
            submitText={current.label}
            context={detail}
            onSubmit={(body) => run(current, body)}
            onCancel={() => {
              setOpen(null);
              focusAfterRender(() => buttonOf(current.label));
            }}
          />
        </div>
      ) : null}
      {/* Always mounted, only `visible` changes, as Semi's Modal expects: one mounted already open
          renders into a detached node under React's StrictMode (no dialog in development builds). */}
      <ConfirmDialog
        visible={dialog !== undefined && current === dialog}
        title={dialog?.label ?? ''}
        message={dialog?.confirm(detail) ?? ''}
        okText={dialog?.label ?? ''}
        danger={dialog?.danger}
        onCancel={() => setOpen(null)}
        onConfirm={async () => {
          if (!dialog) return;
          try {
            await run(dialog, dialog.initial?.(detail) ?? {});
          } catch (error) {
            toastError(error);
          }
        }}
      />
    </section>
  );
}

// My consent to receiving this document electronically (所得税法 §231): as it stands (同意, みなし同意
// after HR's notice went unanswered by its reply date, 不同意, 書面交付希望, 未回答), and my answer.
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useId, useState, type FormEvent } from 'react';
import {
  CONSENT_ANSWERS,
  CONSENT_DOCUMENT_NAMES,
  CONSENT_STATUS_NAMES,
  type TConsent,
  type TConsentDocument,
} from '@portal/shared/contracts/uploads';
import { SUCCESS } from '@portal/shared/messages';
import { QueryState } from '@/components/query-state.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useAnswerConsent } from '../api/answer-consent.ts';
import { useConsents } from '../api/get-consents.ts';

export const CONSENT_TEXT = {
  heading: '電子交付への同意',
  save: '回答を保存',
  deemed: (replyBy: string) => `${replyBy} までに回答がなかったため、同意したものとみなしています。`,
  paper: '書面でお渡しします。',
} as const;

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

function ConsentForm({ consent }: { consent: TConsent }) {
  const id = useId();
  const answer = useAnswerConsent();
  const current = CONSENT_ANSWERS.find((status) => status === consent.status);
  const [chosen, setChosen] = useState(current ?? 'agreed');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await answer.mutateAsync({ document: consent.document, status: chosen });
      toastSuccess(SUCCESS.saved);
    } catch (error) {
      toastError(error);
    }
  };
  const name = CONSENT_DOCUMENT_NAMES[consent.document];
  return (
    <form className="consent" onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="consent__heading">
        {CONSENT_TEXT.heading}（{name}）
      </h3>
      <p className="consent__status" data-testid="consent-status">
        現在：<strong>{consent.status_name}</strong>
        {consent.answered_at ? `（${day(consent.answered_at)} 回答）` : ''}
      </p>
      {consent.status === 'deemed' && consent.reply_by ? (
        <p className="consent__note">{CONSENT_TEXT.deemed(consent.reply_by)}</p>
      ) : null}
      {consent.paper ? <p className="consent__note">{CONSENT_TEXT.paper}</p> : null}
      <fieldset className="consent__choices">
        <legend className="visually-hidden">{name}の電子交付</legend>
        {CONSENT_ANSWERS.map((status) => (
          <label key={status} className="consent__choice">
            <input
              type="radio"
              name={`${id}-status`}
              value={status}
              checked={chosen === status}
              onChange={() => setChosen(status)}
            />
            {CONSENT_STATUS_NAMES[status]}
          </label>
        ))}
      </fieldset>
      <Button htmlType="submit" loading={answer.isPending} disabled={chosen === current}>
        {CONSENT_TEXT.save}
      </Button>
    </form>
  );
}

/** The consent to one document, below the list of its slips. */
export function ConsentPanel({ document }: { document: TConsentDocument }) {
  const consents = useConsents();
  return (
    <QueryState query={consents}>
      {(all) => {
        const consent = all.find((c) => c.document === document);
        return consent ? <ConsentForm key={consent.status} consent={consent} /> : null;
      }}
    </QueryState>
  );
}

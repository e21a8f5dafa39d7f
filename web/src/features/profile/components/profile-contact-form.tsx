import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useWatch } from 'react-hook-form';
import {
  ZProfileUpdate,
  normalizePostalCode,
  PROFILE_MSG,
  type TEmployeeProfile,
  type TPostalAddress,
  type TProfileUpdate,
} from '@portal/shared/contracts/profile';
import { SUCCESS } from '@portal/shared/messages';
import { Alert } from '@/components/alert.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { toastSuccess } from '@/lib/notify.ts';
import { useServerForm } from '@/hooks/use-server-form.ts';
import { lookupPostalCode, useUpdateProfile } from '../api/profile.ts';
import '@/components/records.css';

const FIELDS = ['postal_code', 'address', 'phone', 'email'] as const;

/** What the employee changes themself: 郵便番号 (with the address lookup), 住所, 電話, メール. */
export function ProfileContactForm({ profile }: { profile: TEmployeeProfile }) {
  const update = useUpdateProfile(profile.id);
  const [candidates, setCandidates] = useState<TPostalAddress[]>([]);
  const [lookupMessage, setLookupMessage] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const form = useZodForm(ZProfileUpdate, {
    defaultValues: {
      postal_code: profile.postal_code,
      address: profile.address,
      phone: profile.phone,
      email: profile.email,
    },
  });
  const { control, setValue, setFocus, formState, reset } = form;
  const postalCode = useWatch({ control, name: 'postal_code' }) ?? '';

  const pickAddress = (candidate: TPostalAddress) => {
    setValue('postal_code', candidate.postal_code);
    setValue('address', candidate.address, { shouldDirty: true });
    setCandidates([]);
    setLookupMessage(`住所を入力しました: ${candidate.address}（番地以降を続けて入力してください）`);
    setFocus('address');
  };

  const lookup = async () => {
    setCandidates([]);
    const code = normalizePostalCode(postalCode);
    if (code === null) {
      setLookupMessage(PROFILE_MSG.postalCode);
      return;
    }
    setLooking(true);
    try {
      const found = await lookupPostalCode(code);
      if (found.length === 1) pickAddress(found[0]!);
      else {
        setCandidates(found);
        setLookupMessage('該当する住所を選んでください。');
      }
    } catch (error) {
      setLookupMessage(formErrorMessage(error));
    } finally {
      setLooking(false);
    }
  };

  const server = useServerForm(form, {
    fields: FIELDS,
    send: (values) => update.mutateAsync(values as TProfileUpdate),
    onSuccess: (saved) => {
      reset({
        postal_code: saved.postal_code,
        address: saved.address,
        phone: saved.phone,
        email: saved.email,
      });
      toastSuccess(SUCCESS.saved);
    },
  });

  return (
    <form
      className="records-form"
      noValidate
      onSubmit={(event) => void server.onSubmit(event)}
      aria-label="連絡先・住所"
    >
      {server.messages.length > 0 ? <Alert>{server.messages.join(' ')}</Alert> : null}
      <div className="profile-postal">
        <TextField control={control} name="postal_code" label="郵便番号" placeholder="例: 160-0023" />
        <Button onClick={() => void lookup()} loading={looking} className="profile-postal__lookup">
          住所検索
        </Button>
      </div>
      {lookupMessage ? (
        <p className="profile-postal__message" role="status">
          {lookupMessage}
        </p>
      ) : null}
      {candidates.length > 0 ? (
        <ul className="profile-postal__candidates" aria-label="住所の候補">
          {candidates.map((c) => (
            <li key={c.address}>
              <button type="button" className="profile-postal__candidate" onClick={() => pickAddress(c)}>
                {c.address}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <TextField control={control} name="address" label="住所" wide />
      <TextField control={control} name="phone" label="電話番号" placeholder="例: 090-1234-5678" />
      <TextField control={control} name="email" label="メールアドレス" type="email" />
      <div className="records-form__actions">
        <Button htmlType="submit" theme="solid" type="primary" loading={formState.isSubmitting}>
          保存
        </Button>
      </div>
    </form>
  );
}

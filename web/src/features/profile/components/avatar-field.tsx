import { useId, useState } from 'react';
import IconUser from '@douyinfe/semi-icons/lib/es/icons/IconUser';
import type { TEmployeeProfile } from '@portal/shared/contracts/profile';
import { PROFILE_MSG } from '@portal/shared/contracts/profile';
import { MAX_UPLOAD_BYTES } from '@portal/shared/limits';
import { SUCCESS } from '@portal/shared/messages';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useUploadAvatar } from '../api/profile.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The picture in the top bar: PNG, JPEG, GIF or WebP up to 2 MB (the server re-encodes it). */
export function AvatarField({ profile, editable }: { profile: TEmployeeProfile; editable: boolean }) {
  const id = useId();
  const upload = useUploadAvatar();
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setError(PROFILE_MSG.avatarType);
    if (file.size > MAX_UPLOAD_BYTES) return setError(PROFILE_MSG.avatarSize);
    try {
      await upload.mutateAsync(await readBase64(file));
      toastSuccess(SUCCESS.saved);
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <div className="profile-avatar">
      {profile.avatar ? (
        <img src={profile.avatar} alt="アバター" className="profile-avatar__image" width={96} height={96} />
      ) : (
        <span className="profile-avatar__image profile-avatar__image--empty" aria-hidden="true">
          <IconUser size="extra-large" />
        </span>
      )}
      {editable ? (
        <>
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={id} className="profile-avatar__button">
            {upload.isPending ? 'アップロード中…' : '画像を変更'}
          </label>
          {error ? (
            <p id={`${id}-error`} className="profile-avatar__error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

// The 資材貸出申請 form (spec §2.7, §4.5): a native select of the types with '======', the chosen
// type's hardware, 有効期間 and software checklist, and the reason. Choosing a type resets the
// software, sets expiration_date to the type's months and reports its stock; without stock 申請
// becomes a 資材購入申請 with the same choices (the parent sends it to workflow 14).
import { useId, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import type { TAssetTypeOption } from '@portal/shared/contracts/assets';
import { SELECT_PLACEHOLDER } from '@portal/shared/limits';
import { CONFIRM, FIELD_MSG } from '@portal/shared/messages';
import {
  ASSET_FIELDS,
  ASSET_MSG,
  softwareLabel,
  validityLabel,
  valuesForSoftware,
  valuesForType,
} from '@portal/shared/workflow/assets';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { Alert } from '@/components/alert.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { FormField, fieldAria } from '@/components/form/form-field.tsx';
import { ApiError } from '@/lib/api-error.ts';
import './assets.css';

export type AssetSend = (request: { purchase: boolean; values: TFieldValues }) => Promise<void>;

const REASON_LABEL = '理由';
const TYPE_LABEL = '資材種別';

export function AssetLendForm({
  types,
  onSend,
  initial,
}: {
  types: readonly TAssetTypeOption[];
  onSend: AssetSend;
  /** A sent-back request's values, to resubmit. */
  initial?: TFieldValues;
}) {
  const id = useId();
  const [values, setValues] = useState<TFieldValues>(() => {
    const start = types.find((t) => t.id === initial?.[ASSET_FIELDS.assetsType]);
    if (!start || !initial) return valuesForType({}, undefined);
    const ids = String(initial[ASSET_FIELDS.softwareId] ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number);
    return valuesForSoftware(valuesForType({}, start), start, ids);
  });
  const [reason, setReason] = useState(() => String(initial?.[ASSET_FIELDS.reason] ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const type = types.find((t) => t.id === values[ASSET_FIELDS.assetsType]);
  const checked = String(values[ASSET_FIELDS.softwareId] ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
  const noStock = type !== undefined && !type.inventory;

  const chooseType = (text: string) => {
    setValues((current) =>
      valuesForType(
        current,
        types.find((t) => String(t.id) === text),
      ),
    );
    setErrors(({ [ASSET_FIELDS.assetsType]: _type, [ASSET_FIELDS.softwareId]: _sw, ...rest }) => rest);
  };
  const toggle = (softwareId: number, on: boolean) => {
    if (!type) return;
    const next = on ? [...checked, softwareId] : checked.filter((n) => n !== softwareId);
    setValues((current) => valuesForSoftware(current, type, next));
  };

  const check = () => {
    const found: Record<string, string> = {};
    if (!type) found[ASSET_FIELDS.assetsType] = FIELD_MSG.required(TYPE_LABEL);
    if (reason.trim() === '') found[ASSET_FIELDS.reason] = FIELD_MSG.required(REASON_LABEL);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = async () => {
    setMessages([]);
    try {
      await onSend({ purchase: noStock, values: { ...values, [ASSET_FIELDS.reason]: reason } });
    } catch (error) {
      setConfirming(false);
      if (!(error instanceof ApiError)) throw error;
      const placed: Record<string, string> = {};
      const rest: string[] = [...(error.detail ? [error.detail] : []), ...error.nonFieldErrors];
      for (const [name, list] of Object.entries(error.fieldErrors))
        if ([ASSET_FIELDS.assetsType, ASSET_FIELDS.softwareId, ASSET_FIELDS.reason].includes(name as never))
          placed[name] = list[0] ?? '';
        else rest.push(...list);
      setErrors(placed);
      setMessages(rest);
    }
  };

  const typeId = `${id}-type`;
  const reasonId = `${id}-reason`;
  const softwareError = errors[ASSET_FIELDS.softwareId];
  return (
    <form
      className="asset-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      {messages.length ? (
        <Alert>
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      ) : null}
      <FormField id={typeId} label={TYPE_LABEL} required error={errors[ASSET_FIELDS.assetsType]}>
        <select
          id={typeId}
          name={ASSET_FIELDS.assetsType}
          className="native-control"
          value={type ? String(type.id) : ''}
          onChange={(event) => chooseType(event.target.value)}
          {...fieldAria(typeId, { error: errors[ASSET_FIELDS.assetsType], required: true })}
        >
          <option value="">{SELECT_PLACEHOLDER}</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </FormField>
      {type ? (
        <>
          <p className="asset-form__stock" role="status" data-testid="asset-stock">
            {noStock ? ASSET_MSG.noStock : '在庫があります。'}
          </p>
          <dl className="asset-form__facts">
            <div>
              <dt>ハードウェア情報</dt>
              <dd data-testid="hardware-information">{type.hardware_information || '―'}</dd>
            </div>
            <div>
              <dt>有効期間</dt>
              <dd data-testid="validity-period">{validityLabel(type.validity_period)}</dd>
            </div>
          </dl>
          {type.software_list.length ? (
            <fieldset
              className="asset-form__software"
              aria-describedby={softwareError ? `${id}-software-error` : undefined}
            >
              <legend>ソフトウェア</legend>
              {type.software_list.map((s) => (
                <div className="form-field form-field--check" key={s.software_id}>
                  <input
                    id={`${id}-software-${s.software_id}`}
                    type="checkbox"
                    name="software"
                    checked={checked.includes(s.software_id)}
                    onChange={(event) => toggle(s.software_id, event.target.checked)}
                  />
                  <label htmlFor={`${id}-software-${s.software_id}`}>
                    {softwareLabel(s.software_name, s.software_validity_period)}
                  </label>
                </div>
              ))}
              {softwareError ? (
                <div className="form-field__error" id={`${id}-software-error`} role="alert">
                  {softwareError}
                </div>
              ) : null}
            </fieldset>
          ) : null}
        </>
      ) : null}
      <FormField id={reasonId} label={REASON_LABEL} required error={errors[ASSET_FIELDS.reason]} wide>
        <TextArea
          id={reasonId}
          name={ASSET_FIELDS.reason}
          value={reason}
          onChange={setReason}
          autosize
          rows={3}
          maxLength={2000}
          validateStatus={errors[ASSET_FIELDS.reason] ? 'error' : 'default'}
          {...fieldAria(reasonId, { error: errors[ASSET_FIELDS.reason], required: true })}
        />
      </FormField>
      <div className="asset-form__actions">
        <Button htmlType="submit" theme="solid" type="primary">
          申請
        </Button>
      </div>
      <ConfirmDialog
        visible={confirming}
        title="申請の確認"
        message={CONFIRM.createTask}
        okText="申請"
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      />
    </form>
  );
}

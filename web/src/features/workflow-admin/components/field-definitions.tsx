import Button from '@douyinfe/semi-ui/lib/es/button';
import { useFieldArray, type Control, type UseFormSetValue } from 'react-hook-form';
import type { TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { FIELD_DATA_TYPE_LABELS } from '@portal/shared/workflow/codes';
import { CheckField } from '@/components/form/check-field.tsx';
import { ListError } from '@/components/form/list-error.tsx';
import { NumberField } from '@/components/form/number-field.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';

type Control_ = Control<TWorkflowRequest>;

export const EMPTY_FIELD = {
  name: '',
  label: '',
  data_type: 'string',
  order: 0,
  is_required: false,
  is_readonly: false,
  max_length: null,
  help_text: '',
  default: null,
  choices: [],
  step: null,
  multiple: false,
  data_source: null,
  field_for_init: null,
} as const satisfies TWorkflowRequest['fields'][number];

const DATA_TYPES = FIELD_DATA_TYPE_LABELS.map(({ value, label }) => ({ value, label }));

function Choices({ control, index, readOnly }: { control: Control_; index: number; readOnly: boolean }) {
  const { fields, append, remove } = useFieldArray({ control, name: `fields.${index}.choices` });
  return (
    <div className="form-field form-field--wide" data-testid="field-choices">
      <span className="form-field__label">選択肢（値／表示名）</span>
      {fields.map((choice, c) => (
        <div className="wf-choice" key={choice.id}>
          <TextField
            control={control}
            name={`fields.${index}.choices.${c}.value`}
            label={`値 ${c + 1}`}
            disabled={readOnly}
          />
          <TextField
            control={control}
            name={`fields.${index}.choices.${c}.text`}
            label={`表示名 ${c + 1}`}
            disabled={readOnly}
          />
          {!readOnly ? (
            <Button onClick={() => remove(c)} aria-label={`選択肢 ${c + 1} を削除`}>
              削除
            </Button>
          ) : null}
        </div>
      ))}
      <ListError control={control} name={`fields.${index}.choices`} />
      {!readOnly ? (
        <div>
          <Button onClick={() => append({ value: '', text: '' })}>選択肢を追加</Button>
        </div>
      ) : null}
    </div>
  );
}

interface DefinitionProps {
  control: Control_;
  setValue: UseFormSetValue<TWorkflowRequest>;
  index: number;
  dataType: string;
  readOnly: boolean;
  onRemove: () => void;
}

/** One field of the form with every property of spec §3.2; the type decides which ones apply. */
function Definition({ control, setValue, index, dataType, readOnly, onRemove }: DefinitionProps) {
  const at = <K extends keyof typeof EMPTY_FIELD>(key: K) => `fields.${index}.${key}` as const;
  const clearUnused = (next: string | null) => {
    const options = { shouldDirty: true };
    if (next !== 'choice') setValue(at('choices'), [], options);
    if (next !== 'decimal' && next !== 'time') setValue(at('step'), null, options);
    if (next !== 'autocomplete') {
      setValue(at('multiple'), false, options);
      setValue(at('data_source'), null, options);
      setValue(at('field_for_init'), null, options);
    }
    if (next !== 'string' && next !== 'text') setValue(at('max_length'), null, options);
  };
  return (
    <fieldset className="wf-def" data-testid="field-definition" aria-label={`項目 ${index + 1}`}>
      <legend className="wf-def__head">
        項目 {index + 1}
        {!readOnly ? (
          <Button size="small" type="danger" onClick={onRemove} aria-label={`項目 ${index + 1} を削除`}>
            削除
          </Button>
        ) : null}
      </legend>
      <div className="wf-grid">
        <TextField control={control} name={at('name')} label="項目名" required disabled={readOnly} />
        <TextField control={control} name={at('label')} label="ラベル" required disabled={readOnly} />
        <SelectField
          control={control}
          name={at('data_type')}
          label="データ型"
          options={DATA_TYPES}
          disabled={readOnly}
          onValueChange={clearUnused}
        />
        <NumberField
          control={control}
          name={at('order')}
          label="順番（同じ順番は同じ行）"
          disabled={readOnly}
        />
        {dataType === 'string' || dataType === 'text' ? (
          <NumberField
            control={control}
            name={at('max_length')}
            label="最大文字数"
            nullable
            disabled={readOnly}
          />
        ) : null}
        {dataType === 'decimal' || dataType === 'time' ? (
          <NumberField
            control={control}
            name={at('step')}
            label={dataType === 'time' ? 'ステップ（秒）' : 'ステップ'}
            nullable
            disabled={readOnly}
          />
        ) : null}
        <TextField control={control} name={at('default')} label="初期値" nullable disabled={readOnly} />
        <CheckField control={control} name={at('is_required')} label="必須" disabled={readOnly} />
        <CheckField control={control} name={at('is_readonly')} label="読み取り専用" disabled={readOnly} />
        {dataType === 'autocomplete' ? (
          <>
            <TextField
              control={control}
              name={at('data_source')}
              label="データソース（例: approvers/choice/）"
              nullable
              required
              disabled={readOnly}
            />
            <TextField
              control={control}
              name={at('field_for_init')}
              label="初期表示名の項目"
              nullable
              disabled={readOnly}
            />
            <CheckField control={control} name={at('multiple')} label="複数選択" disabled={readOnly} />
          </>
        ) : null}
        <TextField
          control={control}
          name={at('help_text')}
          label="ヘルプテキスト"
          wide
          multiline
          disabled={readOnly}
        />
        {dataType === 'choice' ? <Choices control={control} index={index} readOnly={readOnly} /> : null}
      </div>
    </fieldset>
  );
}

interface FieldDefinitionsProps {
  control: Control_;
  setValue: UseFormSetValue<TWorkflowRequest>;
  dataTypes: readonly string[];
  readOnly: boolean;
}

/** The form's fields (spec §3.2), added and removed as a list and saved with the workflow. */
export function FieldDefinitions({ control, setValue, dataTypes, readOnly }: FieldDefinitionsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'fields' });
  return (
    <section className="wf-section" aria-labelledby="wf-fields-title" data-testid="workflow-fields">
      <h3 className="wf-section__title" id="wf-fields-title">
        フォーム項目
      </h3>
      {fields.length === 0 ? <p className="query-state">項目がありません。</p> : null}
      {fields.map((field, index) => (
        <Definition
          key={field.id}
          control={control}
          setValue={setValue}
          index={index}
          dataType={dataTypes[index] ?? 'string'}
          readOnly={readOnly}
          onRemove={() => remove(index)}
        />
      ))}
      <ListError control={control} name="fields" />
      {!readOnly ? (
        <Button onClick={() => append({ ...EMPTY_FIELD, choices: [], order: fields.length })}>
          項目を追加
        </Button>
      ) : null}
    </section>
  );
}

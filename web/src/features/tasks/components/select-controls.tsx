import { useState } from 'react';
import Select from '@douyinfe/semi-ui/lib/es/select';
import { MULTI_SELECT, SELECT_PLACEHOLDER } from '@portal/shared/limits';
import { useChoices } from '../api/search-choices.ts';
import type { InputValue } from '../lib/form-values.ts';
import { asList, asText, type ControlProps } from './control-props.ts';

// Semi's Select, for what a native select cannot do (several items, a remote search): in its own
// chunk, so forms with single choices only (most of them) do not load it.

/** Several chosen items' texts share the `field_for_init` field, joined by this. */
const INIT_TEXT_SEPARATOR = '、';

/**
 * The initial selection's labels, from the `field_for_init` text (one per value; with several values
 * the text is split on INIT_TEXT_SEPARATOR and used only when the counts agree).
 */
function initialLabels(value: InputValue, initText: string): Map<string | number, string> {
  const values = Array.isArray(value) ? value : value === '' ? [] : [value];
  const texts = values.length === 1 ? [initText] : initText.split(INIT_TEXT_SEPARATOR);
  if (!initText || texts.length !== values.length) return new Map();
  return new Map(values.map((v, i) => [v, texts[i]!]));
}

export function AutocompleteControl({
  field,
  id,
  value,
  invalid,
  onChange,
  onBlur,
  initText = '',
  onPickText,
}: ControlProps) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  // Labels of items chosen earlier (or named by field_for_init), so a selection keeps its text when
  // a later search no longer lists it.
  const [known, setKnown] = useState(() => initialLabels(value, initText));
  const choices = useChoices(field.data_source, query, opened);
  const options = (choices.data ?? []).map((choice) => ({ value: choice.value, label: choice.text }));
  const listed = new Set(options.map((o) => o.value));
  for (const [v, label] of known) if (!listed.has(v)) options.push({ value: v, label });
  const labelOf = (v: string | number) => options.find((o) => o.value === v)?.label ?? String(v);
  const pick = (chosen: (string | number)[]) => {
    setKnown(new Map(chosen.map((v) => [v, labelOf(v)])));
    onPickText?.(chosen.map(labelOf).join(INIT_TEXT_SEPARATOR));
  };
  return (
    <Select
      id={id}
      aria-labelledby={`${id}-label`}
      inputProps={{ 'aria-labelledby': `${id}-label` }}
      filter
      remote
      multiple={field.multiple}
      maxTagCount={MULTI_SELECT.maxTags}
      maxHeight={MULTI_SELECT.maxHeight}
      placeholder={SELECT_PLACEHOLDER}
      optionList={options}
      loading={choices.isFetching}
      value={field.multiple ? asList(value) : value === '' ? undefined : value}
      disabled={field.read_only}
      showClear={!field.required}
      validateStatus={invalid ? 'error' : 'default'}
      onDropdownVisibleChange={(visible) => visible && setOpened(true)}
      onSearch={(text) => setQuery(text)}
      onChange={(next) => {
        if (Array.isArray(next)) {
          const chosen = next.filter((v): v is string | number => typeof v !== 'object');
          onChange(chosen);
          pick(chosen);
        } else {
          const chosen = typeof next === 'string' || typeof next === 'number' ? next : '';
          onChange(chosen);
          pick(chosen === '' ? [] : [chosen]);
        }
      }}
      onBlur={onBlur}
      style={{ width: '100%' }}
    />
  );
}

/** Several items from a fixed list, shown as tags. */
export function MultiChoiceControl({ field, id, value, invalid, onChange, onBlur }: ControlProps) {
  return (
    <Select
      id={id}
      aria-labelledby={`${id}-label`}
      multiple
      maxTagCount={MULTI_SELECT.maxTags}
      maxHeight={MULTI_SELECT.maxHeight}
      placeholder={SELECT_PLACEHOLDER}
      optionList={field.choices
        .slice(0, MULTI_SELECT.maxOptions)
        .map((c) => ({ value: c.value, label: c.text }))}
      value={asList(value).map(String)}
      disabled={field.read_only}
      showClear={!field.required}
      validateStatus={invalid ? 'error' : 'default'}
      onChange={(next) => onChange(Array.isArray(next) ? next.map(String) : asText(next as InputValue))}
      onBlur={onBlur}
      style={{ width: '100%' }}
    />
  );
}

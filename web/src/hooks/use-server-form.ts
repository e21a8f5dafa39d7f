import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { applyFieldErrors } from '@/lib/form-errors.ts';

export interface ServerFormOptions<TValues extends FieldValues, TSent, TResult> {
  /** The fields a 400 may name; a function where they depend on what was sent (rows of a list). */
  fields: readonly Path<TValues>[] | ((sent: TSent) => readonly Path<TValues>[]);
  /** Sends the checked values (a mutation's `mutateAsync`, the caller's `onSubmit`); rejects with the API error. */
  send: (sent: TSent) => Promise<TResult>;
  /** Runs after a successful send (reset to what was saved, a toast, navigate). */
  onSuccess?: (result: TResult) => void | Promise<void>;
  /**
   * Where an error that names no field and brings no message of its own is told: a toast (default), or
   * the banner above the form where a toast would be missed (the sign-in page).
   */
  fallback?: 'toast' | 'banner';
}

export interface ServerForm<TSent> {
  /** The form's onSubmit: the client checks, then `send`. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Sends values already checked (a form that confirms first); never rejects. */
  send: (sent: TSent) => Promise<void>;
  /** What the server said that belongs to no field (`detail` of a 409/413, `non_field_errors`): the banner. */
  messages: string[];
}

/**
 * The submit block of a form that the API checks again: sends, and on failure puts each 400 field
 * message (the field's Japanese label in it) under its input, the rest in a banner above the form,
 * and anything else in a toast. What was typed stays: the form is reset only by `onSuccess`.
 */
export function useServerForm<TValues extends FieldValues, TSent, TResult>(
  form: UseFormReturn<TValues, unknown, TSent>,
  { fields, send, onSuccess, fallback = 'toast' }: ServerFormOptions<TValues, TSent, TResult>,
): ServerForm<TSent> {
  const [messages, setMessages] = useState<string[]>([]);

  const sendChecked = async (sent: TSent) => {
    setMessages([]);
    let result: TResult;
    try {
      result = await send(sent);
    } catch (error) {
      const names = typeof fields === 'function' ? fields(sent) : fields;
      const { placed, unplaced } = applyFieldErrors(error, form.setError, names);
      if (unplaced.length > 0) setMessages(unplaced);
      else if (placed.length > 0) return;
      else if (fallback === 'banner') setMessages([formErrorMessage(error)]);
      // Loaded when needed: the toast (Semi's Toast) would add ~7 KB to the sign-in page, which never uses it.
      else void import('@/lib/notify.ts').then(({ toastError }) => toastError(error));
      return;
    }
    await onSuccess?.(result);
  };

  return {
    onSubmit: (event) => form.handleSubmit(sendChecked)(event),
    send: sendChecked,
    messages,
  };
}

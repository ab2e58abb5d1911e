import { useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { describeError, fieldErrorsOf, type FieldErrors } from './form-errors.ts';

type Issues = Parameters<typeof fieldErrorsOf>[0];

/**
 * Text-field state for the account forms: values, per-field errors (from zod on the client or the
 * server's 'Validation Error' fields) and one form-level message for everything else.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const keys = Object.keys(initial) as K[];

  const clear = () => {
    setErrors({});
    setFormError(undefined);
  };

  /** One field's new value; clears its error. */
  const set = (key: K, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return {
    values,
    errors,
    formError,
    /** Props for an <Input>/<Select>/<Textarea>: value, change handler (clears its error) and error. */
    field: (key: K) => ({
      name: key,
      value: values[key],
      error: errors[key],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        set(key, event.target.value),
    }),
    set,
    setValues,
    /** Client-side check failed: show the zod issues by field. */
    invalid(issues: Issues, extra: FieldErrors<K> = {}) {
      const { fields, rest } = fieldErrorsOf(issues, keys);
      setErrors({ ...fields, ...extra });
      setFormError(rest.length > 0 ? rest.join(' ') : undefined);
    },
    /**
     * The values checked against the contract's schema before sending: the parsed, typed body with
     * every message cleared, or undefined with the issues shown under their fields. `input` is the
     * form's strings turned into what the schema reads (numbers, nulls); `extra` holds messages the
     * schema cannot give (a country to choose, passwords that differ), and any of them refuses too.
     */
    parse<S extends z.ZodType>(schema: S, input: unknown, extra: FieldErrors<K> = {}): z.output<S> | undefined {
      const parsed = schema.safeParse(input);
      if (!parsed.success || Object.values(extra).some(Boolean)) {
        const { fields, rest } = fieldErrorsOf(parsed.success ? [] : parsed.error.issues, keys);
        setErrors({ ...fields, ...extra });
        setFormError(rest.length > 0 ? rest.join(' ') : undefined);
        return undefined;
      }
      clear();
      return parsed.data;
    },
    /** One field checked on its own: its parsed value, or undefined with the field marked invalid. */
    checkField<S extends z.ZodType>(key: K, schema: S): z.output<S> | undefined {
      const parsed = schema.safeParse(values[key]);
      if (!parsed.success) {
        const { fields } = fieldErrorsOf(
          parsed.error.issues.map((issue) => ({ ...issue, path: [key] })),
          keys,
        );
        setErrors(fields);
        setFormError(undefined);
        return undefined;
      }
      clear();
      return parsed.data;
    },
    /** The server refused: its message in the form, or its field details under the fields. */
    fail(error: unknown) {
      const { form, fields } = describeError(error, keys);
      setErrors(fields);
      setFormError(form);
    },
    /** A failure the caller has already put into words (payment forms follow spec §8 themselves). */
    report(form: string | undefined, fields: FieldErrors<K> = {}) {
      setErrors(fields);
      setFormError(form);
    },
    clear,
    reset() {
      setValues(initial);
      clear();
    },
  };
}

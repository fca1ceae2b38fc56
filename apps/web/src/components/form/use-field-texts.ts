import type { FieldError } from 'react-hook-form';
import { asMessageKey, useTranslation, type FieldTextKey } from '../../lib/translation';
import type { Namespace } from '../../lib/texts';

/**
 * Labels and helper texts are translation keys (`key` in `common`, or `namespace:key`); error
 * messages are catalogue keys of the zod schema (namespace `messages`). The error, when there is
 * one, takes the helper's place.
 */
export function useFieldTexts(label: FieldTextKey, helperText: FieldTextKey | undefined, error: FieldError | undefined, labelValues?: Record<string, string>): FieldTexts {
  // A label names its namespace (`schedules:course`), which the page around the field has loaded.
  const { t } = useTranslation<readonly ['common', ...Namespace[]]>();
  return {
    label: t(label, labelValues),
    helper: error?.message ? t(asMessageKey(error.message), { ns: 'messages' }) : helperText ? t(helperText) : undefined,
    isInvalid: Boolean(error),
  };
}

/** A field's label and helper (or error) as shown, and whether it is invalid. */
export interface FieldTexts {
  label: string;
  helper: string | undefined;
  isInvalid: boolean;
}

/** What every form field takes besides its name and control. */
export interface FieldTextProps {
  /** Translation key of the label (`common`, or another namespace's with its prefix). */
  label: FieldTextKey;
  /** Values the label's text takes (`{{language}}`). */
  labelValues?: Record<string, string>;
  /** Translation key of the helper text. */
  helperText?: FieldTextKey;
  isRequired?: boolean;
  isDisabled?: boolean;
}

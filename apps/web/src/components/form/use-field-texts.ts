import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Labels and helper texts are translation keys (`key` in `common`, or `namespace:key`); error
 * messages are catalogue keys of the zod schema (namespace `messages`). The error, when there is
 * one, takes the helper's place.
 */
export function useFieldTexts(label: string, helperText: string | undefined, error: FieldError | undefined) {
  const { t } = useTranslation();
  return {
    label: t(label),
    helper: error?.message ? t(error.message, { ns: 'messages' }) : helperText ? t(helperText) : undefined,
    isInvalid: Boolean(error),
  };
}

/** What every form field takes besides its name and control. */
export interface FieldTextProps {
  /** Translation key of the label. */
  label: string;
  /** Translation key of the helper text. */
  helperText?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}

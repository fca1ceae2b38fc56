import { TOAST_ERROR_AUTO_HIDE_MS, type MessageKey } from '@app/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../lib/translation';
import { describeError } from '../lib/error-message';
import { showToast } from '../lib/toast';

/** Toasts, top right: errors hide after 3 s, the rest after the 6 s default (spec 000 §9). */
export function useNotify() {
  const { t } = useTranslation('messages');
  return useMemo(
    () => ({
      success: (text: string) => showToast(text, { variant: 'success' }),
      warning: (text: string) => showToast(text, { variant: 'warning' }),
      error: (text: string) => showToast(text, { variant: 'error', autoHideDuration: TOAST_ERROR_AUTO_HIDE_MS }),
      /** A failed call, described per the error catalogue. */
      apiError(error: unknown, networkFallback: MessageKey = 'oopsSomethingWrong') {
        const described = describeError(error, networkFallback);
        const text = 'key' in described ? t(described.key) : described.text;
        showToast(text, { variant: 'error', autoHideDuration: TOAST_ERROR_AUTO_HIDE_MS });
      },
    }),
    [t],
  );
}

import type { i18n as I18n } from 'i18next';
import { useTranslation as useI18nextTranslation, type UseTranslationOptions } from 'react-i18next';
import type { Namespace, TextFunction, TextKeyOf } from './texts';

/**
 * react-i18next's `useTranslation`, with `t()` taking only the keys of the namespaces asked for
 * (decision 098). Typed with plain key unions rather than i18next's own resource types, which
 * doubled the type check's time.
 */
export function useTranslation<const Ns extends Namespace | readonly [Namespace, ...Namespace[]] = 'common'>(
  namespaces?: Ns,
  options?: UseTranslationOptions<undefined>,
): { t: TextFunction<TextKeyOf<Ns>>; i18n: I18n; ready: boolean } {
  const { t, i18n, ready } = useI18nextTranslation(namespaces as string | string[] | undefined, options);
  return { t: t as unknown as TextFunction<TextKeyOf<Ns>>, i18n, ready };
}

export { asMessageKey, type FieldTextKey, type TextsOf } from './texts';

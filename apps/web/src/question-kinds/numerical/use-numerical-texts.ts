import { useTranslation } from '../../lib/translation';
import { numericalTexts, type NumericalText } from './locales';

/**
 * The kind's texts in the page's language. Read from the kind's own file rather than a namespace,
 * so that the player shows the pad without loading the staff pages' `questionKinds` texts.
 */
export function useNumericalTexts(): (key: NumericalText, values?: Record<string, string>) => string {
  const { i18n } = useTranslation();
  const texts = i18n.language === 'tn' ? numericalTexts.tn : numericalTexts.en;
  return (key, values) => Object.entries(values ?? {}).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), texts[key]);
}

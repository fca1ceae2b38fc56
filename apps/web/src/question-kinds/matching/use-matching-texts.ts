import { useTranslation } from '../../lib/translation';
import { matchingTexts, type MatchingText } from './locales';

/** The kind's texts in the page's language, from the kind's own file (the player loads no staff namespace). */
export function useMatchingTexts(): (key: MatchingText, values?: Record<string, string>) => string {
  const { i18n } = useTranslation();
  const texts = i18n.language === 'tn' ? matchingTexts.tn : matchingTexts.en;
  return (key, values) => Object.entries(values ?? {}).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), texts[key]);
}

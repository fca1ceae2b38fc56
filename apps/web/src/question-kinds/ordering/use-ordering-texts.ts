import { useTranslation } from '../../lib/translation';
import { orderingTexts, type OrderingText } from './locales';

/** The kind's texts in the page's language, from its own file (the player loads no staff namespace). */
export function useOrderingTexts(): (key: OrderingText, values?: Record<string, string | number>) => string {
  const { i18n } = useTranslation();
  const texts = i18n.language === 'tn' ? orderingTexts.tn : orderingTexts.en;
  return (key, values) => Object.entries(values ?? {}).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), texts[key]);
}

import { defineTexts } from '../lib/texts';
import type { QuestionType } from '@app/contracts';
import { assertionReasonTexts } from './assertion-reason/locales';
import { comprehensiveTexts } from './comprehensive/locales';
import { docxTexts } from './docx/locales';
import { imageTexts } from './image/locales';
import { matchingTexts } from './matching/locales';
import { multipleChoiceTexts } from './multiple-choice/locales';
import { numericalTexts } from './numerical/locales';
import { orderingTexts } from './ordering/locales';
import { pptxTexts } from './pptx/locales';
import { programmingTexts } from './programming/locales';
import { singleChoiceTexts } from './single-choice/locales';
import { textTexts } from './text/locales';
import { videoTexts } from './video/locales';
import { xlsxTexts } from './xlsx/locales';

interface KindTexts {
  en: { name: string };
  tn: { name: string };
}

const KIND_TEXTS = {
  singleChoice: singleChoiceTexts,
  multipleChoice: multipleChoiceTexts,
  text: textTexts,
  comprehensive: comprehensiveTexts,
  video: videoTexts,
  image: imageTexts,
  programming: programmingTexts,
  xlsx: xlsxTexts,
  docx: docxTexts,
  pptx: pptxTexts,
  assertionReason: assertionReasonTexts,
  numerical: numericalTexts,
  matching: matchingTexts,
  ordering: orderingTexts,
} satisfies Record<QuestionType, KindTexts>;

/**
 * The `questionKinds` namespace: each kind's texts from its folder, under the kind's wire name
 * (`t('text.name')`). Loaded with the staff pages that name kinds; the player's texts stay in `exam`.
 */
export const questionKindsLocales = defineTexts({ en: inLanguage('en'), tn: inLanguage('tn') });

/** Every kind's texts in one language, under the kind's name. */
function inLanguage<L extends 'en' | 'tn'>(language: L) {
  return Object.fromEntries(Object.entries(KIND_TEXTS).map(([kind, texts]) => [kind, texts[language]])) as {
    [Kind in keyof typeof KIND_TEXTS]: (typeof KIND_TEXTS)[Kind][L];
  };
}

import { choiceKind } from '../shared/choice-kind';
import type { KindFieldsProps } from '../kind';
import { lazyPart } from '../shared/lazy-part';

const PartialCreditField = lazyPart<KindFieldsProps, typeof import('./partial-credit-field')>(() => import('./partial-credit-field'), 'PartialCreditField');

/** Any number of correct options, chosen with checkboxes; partial credit when the author allows it. */
export const multipleChoiceKind = choiceKind({ isMultiple: true, media: null, SettingsFields: PartialCreditField });

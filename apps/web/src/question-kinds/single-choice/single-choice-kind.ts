import { choiceKind } from '../shared/choice-kind';

/** One correct option, chosen with radio buttons. */
export const singleChoiceKind = choiceKind({ isMultiple: false, media: null, SettingsFields: null });

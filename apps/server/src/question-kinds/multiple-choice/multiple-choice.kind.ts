import { choiceKind, scoreMultipleChoice } from '../families/choice.js';

/** Several correct options; a sheet's bubble is saved as a list of one. */
export const multipleChoiceServerKind = choiceKind({
  score: scoreMultipleChoice,
  paperAnswer: (optionId) => [optionId],
  exchange: { moodleXml: { form: 'multichoice', single: false, partialCreditByDefault: true }, gift: 'choice', template: 'options', aiken: false },
});

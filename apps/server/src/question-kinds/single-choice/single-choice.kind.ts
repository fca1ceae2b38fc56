import { choiceKind, scoreSingleChoice } from '../families/choice.js';

/** One correct option; a sheet's bubble is the option chosen. */
export const singleChoiceServerKind = choiceKind({
  score: scoreSingleChoice,
  paperAnswer: (optionId) => optionId,
  exchange: { moodleXml: { form: 'multichoice', single: true, partialCreditByDefault: false }, gift: 'choice', template: 'options', aiken: true },
  guessable: true,
});

import type { ServerQuestionKind } from '../question-kinds.types.js';
import { choiceKind, scoreMultipleChoice } from '../families/choice.js';

/** Several correct options; a sheet's bubble is saved as a list of one; JEE Advanced marking when the question's setting says so. */
export const multipleChoiceServerKind = {
  ...choiceKind({
    score: scoreMultipleChoice,
    paperAnswer: (optionId) => [optionId],
    exchange: { moodleXml: { form: 'multichoice', single: false, partialCreditByDefault: true }, gift: 'choice', template: 'options', aiken: false },
      guessable: false,
  }),
  scheme: (question) => (question.settings?.marking === 'jee-advanced' ? 'jee-advanced' : null),
} satisfies ServerQuestionKind;

import { choiceKind, scoreSingleChoice } from '../families/choice.js';

/**
 * NEET's assertion and reason: scored as one option of the four generated ones (negative marks for
 * a wrong one); the player gets the statement and the four options, never the key; item statistics
 * count the four options. Moodle XML carries it as a single-answer multichoice with the generated
 * options and our `questionkind` element; a file without the element is recognised by its
 * statement and options on import.
 */
export const assertionReasonServerKind = choiceKind({
  score: scoreSingleChoice,
  paperAnswer: (optionId) => optionId,
  exchange: { moodleXml: { form: 'multichoice', single: true, questionKind: 'assertionReason', partialCreditByDefault: false }, gift: null, template: 'options', aiken: false },
  guessable: true,
});

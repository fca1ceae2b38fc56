import { choiceKind, scoreSingleChoice } from '../families/choice.js';

/** Scored as single choice; Moodle XML carries the kind in our `questionkind` element; paper sheets print "answer online". */
export const imageServerKind = choiceKind({
  score: scoreSingleChoice,
  paperAnswer: null,
  exchange: { moodleXml: { form: 'multichoice', single: true, questionKind: 'image', partialCreditByDefault: false }, gift: null, template: 'options', aiken: false },
  guessable: true,
});

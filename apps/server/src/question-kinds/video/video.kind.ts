import { choiceKind, scoreSingleChoice } from '../families/choice.js';

/** Scored as single choice; Moodle XML carries the kind in our `questionkind` element; paper sheets print "answer online". */
export const videoServerKind = choiceKind({
  score: scoreSingleChoice,
  paperAnswer: null,
  exchange: { moodleXml: { form: 'multichoice', single: true, questionKind: 'video', partialCreditByDefault: false }, gift: null, template: 'options', aiken: false },
  guessable: true,
});

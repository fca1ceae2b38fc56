/** The id of a question's text, which names its answer group (the question labels its choices). */
export function questionTextId(questionID: number): string {
  return `question-text-${questionID}`;
}

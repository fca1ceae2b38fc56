/** The marker for one blank in questionData; the n-th marker's blank id is `${questionID}-${n}`. */
export const BLANK_MARKER = '{0}';
export function countBlanks(questionData: string): number {
  return questionData.split(BLANK_MARKER).length - 1;
}
export function blankId(questionID: number, index: number): string {
  return `${questionID}-${index}`;
}

import { memo } from 'react';
import { isAnswered, isConfirmed, questionStatus, type PlayerQuestion, type QuestionStatus } from '../model/player-state';
import { SavedMark } from './saved-mark';

/** The entry's `data-status`: the palette state in the page's attribute spelling. */
const DATA_STATUS: Record<QuestionStatus, string> = {
  notVisited: 'not-visited',
  notAnswered: 'not-answered',
  answered: 'answered',
  marked: 'marked',
  answeredMarked: 'answered-marked',
};

/**
 * One entry. Its texts come from the palette (see `usePaletteLabels`): a translation call per entry
 * cost a section switch, which renders all 60 entries, 60 calls on a slow machine.
 */
export const PaletteButton = memo(function PaletteButton({
  question,
  number,
  isActive,
  onSelect,
  labels,
  savedTitle,
}: {
  question: PlayerQuestion;
  number: number;
  isActive: boolean;
  onSelect: (index: number) => void;
  labels: PaletteLabels;
  savedTitle: string;
}) {
  const confirmed = isAnswered(question) && isConfirmed(question);
  const status = questionStatus(question, isActive);
  return (
    <button
      type="button"
      className="exam-palette-entry"
      onClick={() => onSelect(number - 1)}
      // "Question 5, answered, marked for review": the state in words, not only in colour.
      aria-label={`${labels.numbers[number - 1]}, ${labels[status]}`}
      // One Tab stop for the whole palette (the current question); arrow keys move inside it.
      tabIndex={isActive ? 0 : -1}
      aria-current={isActive ? 'step' : undefined}
      data-testid={`palette-${number}`}
      data-status={DATA_STATUS[status]}
      data-confirmed={confirmed ? 'true' : 'false'}
    >
      {number}
      {confirmed && <SavedMark title={savedTitle} />}
    </button>
  );
});

/** The entries' texts: each entry's "Question n" and each state's words. */
export type PaletteLabels = Record<QuestionStatus, string> & { numbers: string[] };

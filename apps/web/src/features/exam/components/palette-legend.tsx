import type { QuestionStatus } from '../model/player-state';
import { STATUS_COLORS } from './palette-colors';

const DOT_CLASS: Record<QuestionStatus, string> = {
  notVisited: 'exam-palette-dot is-not-visited',
  notAnswered: 'exam-palette-dot',
  answered: 'exam-palette-dot',
  marked: 'exam-palette-dot is-marked',
  answeredMarked: 'exam-palette-dot is-marked is-answered-marked',
};

/** One line of the palette's legend: a state's dot, its name and how many questions are in it. */
export function PaletteLegend({ status, label, count }: { status: QuestionStatus | null; label: string; count: number }) {
  return (
    <div className="exam-palette-legend">
      <span className={status ? DOT_CLASS[status] : 'exam-palette-dot'} style={{ backgroundColor: status ? STATUS_COLORS[status] : 'transparent' }} />
      <span className="exam-palette-label">{label}</span>
      <span className="exam-palette-count">{count}</span>
    </div>
  );
}

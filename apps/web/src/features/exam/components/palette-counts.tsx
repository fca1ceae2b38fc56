import type { TextsOf } from '../../../lib/translation';
import { memo } from 'react';
import type { PaletteSummary, QuestionStatus } from '../model/player-state';
import { PaletteLegend } from './palette-legend';

/** The legend's order, as NTA's interface lists the states. */
const LEGEND_ORDER: QuestionStatus[] = ['answered', 'notAnswered', 'notVisited', 'marked', 'answeredMarked'];

/** The summary re-renders only when a count changes (not on every move). */
export const PaletteCounts = memo(function PaletteCounts({ t, ...summary }: PaletteSummary & { t: TextsOf<'exam'> }) {
  return (
    <div className="exam-palette-summary" data-testid="palette-summary">
      <PaletteLegend status={null} label={t('palette.total')} count={summary.total} />
      {LEGEND_ORDER.map((status) => (
        <PaletteLegend key={status} status={status} label={t(`palette.legend.${status}`)} count={summary[status]} />
      ))}
    </div>
  );
});

import { TEST_DRAWER_WIDTH } from '@app/contracts';
import GlobalStyles from '@mui/material/GlobalStyles';
import { green, grey } from '@mui/material/colors';
import { memo, useMemo, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation, type TextsOf } from '../../../lib/translation';
import { sectionSummary, type PlayerSection } from '../model/player-state';
import { PaletteButton, type PaletteLabels } from './palette-button';
import { STATUS_COLORS } from './palette-colors';
import { PaletteCounts } from './palette-counts';

const MARKED_TEXT = '#1f1300';
const NOT_VISITED_RING = grey[600];
const COLUMNS = 5;

/**
 * Entries are native buttons styled by static classes inserted once: MUI's ButtonBase (focus-visible
 * tracking, ripple handlers, styles computed per entry) cost a jump part of its 50 ms budget on a
 * slow machine. No ripple: a jump must show its question at once; focus shows as a ring.
 */
const PALETTE_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      '.exam-palette-grid': {
        display: 'grid',
        gridTemplateColumns: 'repeat(5, 40px)',
        gap: theme.spacing(1.5),
        marginBottom: theme.spacing(2),
      },
      '.exam-palette-entry': {
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 40,
        height: 40,
        margin: 0,
        padding: 0,
        border: 0,
        borderRadius: '50%',
        backgroundColor: STATUS_COLORS.notAnswered,
        color: '#fff',
        fontWeight: 600,
        cursor: 'pointer',
        userSelect: 'none',
        outline: 'none',
        outlineOffset: 2,
        WebkitTapHighlightColor: 'transparent',
        '&[data-status="answered"]': { backgroundColor: STATUS_COLORS.answered },
        '&[data-status="not-visited"]': {
          backgroundColor: STATUS_COLORS.notVisited,
          color: theme.palette.text.primary,
          boxShadow: `inset 0 0 0 2px ${NOT_VISITED_RING}`,
        },
        // Answered and marked: the marked shape with a green bar along its foot.
        '&[data-status="answered-marked"]': { borderBottom: `6px solid ${STATUS_COLORS.answered}` },
        // Marked for review is also a shape (a rounded square with a folded corner), not only a colour.
        '&[data-status="marked"], &[data-status="answered-marked"]': {
          backgroundColor: STATUS_COLORS.marked,
          color: MARKED_TEXT,
          borderRadius: 6,
          '&::before': {
            content: '""',
            position: 'absolute',
            top: 0,
            right: 0,
            borderStyle: 'solid',
            borderWidth: '0 12px 12px 0',
            borderColor: `transparent ${MARKED_TEXT} transparent transparent`,
            borderTopRightRadius: 6,
          },
        },
        '&[aria-current="step"]': { outline: `3px solid ${theme.palette.text.primary}` },
        '&:focus-visible': {
          boxShadow: `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.primary.dark}`,
        },
      },
      '.exam-palette': { width: TEST_DRAWER_WIDTH, padding: theme.spacing(2), boxSizing: 'border-box' },
      '.exam-palette-title': { ...theme.typography.h6, margin: `0 0 ${theme.spacing(1)}` },
      '.exam-palette-divider': {
        margin: `0 0 ${theme.spacing(1)}`,
        border: 0,
        borderBottom: `1px solid ${theme.palette.divider}`,
      },
      '.exam-palette-summary': { display: 'grid', gap: theme.spacing(0.5) },
      '.exam-palette-legend': {
        display: 'flex',
        alignItems: 'center',
        gap: theme.spacing(1),
        ...theme.typography.body2,
      },
      '.exam-palette-dot': {
        width: 14,
        height: 14,
        borderRadius: '50%',
        boxSizing: 'border-box',
        '&.is-marked': { borderRadius: 3 },
        '&.is-not-visited': { border: `2px solid ${NOT_VISITED_RING}` },
        '&.is-answered-marked': { borderBottom: `4px solid ${STATUS_COLORS.answered}` },
      },
      '.exam-palette-label': { flex: 1 },
      '.exam-palette-count': { fontWeight: 600 },
      '.exam-palette-entry .exam-palette-saved': {
        position: 'absolute',
        right: -4,
        bottom: -4,
        width: 16,
        height: 16,
        fill: green[900],
        stroke: '#fff',
      },
    })}
  />
);

/** The entries' texts for a section of `count` questions, made once per language and length. */
function usePaletteLabels(t: TextsOf<'exam'>, count: number): PaletteLabels {
  return useMemo(
    () => ({
      numbers: Array.from({ length: count }, (_, index) => t('palette.question', { number: index + 1 })),
      notVisited: t('palette.state.notVisited'),
      notAnswered: t('palette.state.notAnswered'),
      answered: t('palette.state.answered'),
      marked: t('palette.state.marked'),
      answeredMarked: t('palette.state.answeredMarked'),
    }),
    [t, count],
  );
}

/** Leaving the grid, its one Tab stop goes back to the current question's entry. */
function resetRovingStop(event: FocusEvent<HTMLDivElement>) {
  if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
  for (const entry of event.currentTarget.querySelectorAll<HTMLButtonElement>('.exam-palette-entry'))
    entry.tabIndex = entry.getAttribute('aria-current') === 'step' ? 0 : -1;
}

/** Arrow keys, Home and End move between the entries of the grid (a roving tab stop). */
function handleGridKeys(event: KeyboardEvent<HTMLDivElement>) {
  const entries = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('.exam-palette-entry'));
  const current = entries.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return;
  const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
  let next: number;
  if (event.key in step) next = current + step[event.key]!;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = entries.length - 1;
  else return;
  event.preventDefault();
  const target = entries[Math.min(Math.max(next, 0), entries.length - 1)]!;
  for (const entry of entries) entry.tabIndex = entry === target ? 0 : -1;
  target.focus();
}

/** The question palette of the active section with its summary (spec 001 §2). */
export const QuestionPalette = memo(function QuestionPalette({
  section,
  activeQuestion,
  onSelect,
}: {
  section: PlayerSection;
  activeQuestion: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('exam');
  const summary = sectionSummary(section, activeQuestion);
  const labels = usePaletteLabels(t, section.questions.length);
  const savedTitle = t('palette.saved');
  return (
    <nav className="exam-palette" aria-label={t('palette.title')}>
      <h2 className="exam-palette-title">{section.sectionName}</h2>
      {PALETTE_STYLES}
      <div className="exam-palette-grid" onKeyDown={handleGridKeys} onBlur={resetRovingStop}>
        {section.questions.map((question, index) => (
          // Keyed by position: entry n is "question n" in every section, so a section switch
          // updates the entries' status in place instead of replacing all of them.
          <PaletteButton
            key={index}
            question={question}
            number={index + 1}
            isActive={index === activeQuestion}
            onSelect={onSelect}
            labels={labels}
            savedTitle={savedTitle}
          />
        ))}
      </div>
      <hr className="exam-palette-divider" />
      <PaletteCounts {...summary} t={t} />
    </nav>
  );
});

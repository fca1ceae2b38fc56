import { TEST_DRAWER_WIDTH } from '@app/contracts';
import GlobalStyles from '@mui/material/GlobalStyles';
import { amber, blue, green } from '@mui/material/colors';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  isAnswered,
  isConfirmed,
  sectionSummary,
  type PlayerQuestion,
  type PlayerSection,
} from '../model/player-state';

type PaletteStatus = 'answered' | 'not-answered' | 'marked';

/** Palette colours (spec 001 §9): answered green, unanswered blue, marked amber. */
const STATUS_COLORS: Record<PaletteStatus, string> = {
  answered: green[600],
  'not-answered': blue[600],
  marked: amber[700],
};

/** An entry's status; marked for review wins over answered. */
function paletteStatus(question: Pick<PlayerQuestion, 'answerID' | 'isMarked'>): PaletteStatus {
  if (question.isMarked) return 'marked';
  return isAnswered(question) ? 'answered' : 'not-answered';
}

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
        backgroundColor: STATUS_COLORS['not-answered'],
        color: '#fff',
        fontWeight: 600,
        cursor: 'pointer',
        userSelect: 'none',
        outline: 'none',
        outlineOffset: 2,
        WebkitTapHighlightColor: 'transparent',
        '&[data-status="answered"]': { backgroundColor: STATUS_COLORS.answered },
        '&[data-status="marked"]': { backgroundColor: STATUS_COLORS.marked },
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
      '.exam-palette-dot': { width: 14, height: 14, borderRadius: '50%' },
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

/** The "confirmed by the server" mark: a filled disc with a tick, drawn inline (no icon component per entry). */
function SavedMark({ title }: { title: string }) {
  return (
    <svg className="exam-palette-saved" viewBox="0 0 24 24" role="img">
      <title>{title}</title>
      <circle cx="12" cy="12" r="11" strokeWidth="2" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * One entry. Its texts come from the palette (see `usePaletteLabels`): a translation call per entry
 * cost a section switch, which renders all 60 entries, 60 calls on a slow machine.
 */
const PaletteButton = memo(function PaletteButton({
  question,
  number,
  isActive,
  onSelect,
  label,
  savedTitle,
}: {
  question: PlayerQuestion;
  number: number;
  isActive: boolean;
  onSelect: (index: number) => void;
  label: string;
  savedTitle: string;
}) {
  const answered = isAnswered(question);
  const confirmed = answered && isConfirmed(question);
  const status = paletteStatus(question);
  return (
    <button
      type="button"
      className="exam-palette-entry"
      onClick={() => onSelect(number - 1)}
      aria-label={label}
      aria-current={isActive ? 'step' : undefined}
      data-testid={`palette-${number}`}
      data-status={status}
      data-confirmed={confirmed ? 'true' : 'false'}
    >
      {number}
      {confirmed && <SavedMark title={savedTitle} />}
    </button>
  );
});

/** The entries' accessible names ("Question 12") for a section of `count` questions, made once per language and length. */
function usePaletteLabels(t: TFunction<'exam'>, count: number): string[] {
  return useMemo(
    () => Array.from({ length: count }, (_, index) => t('palette.question', { number: index + 1 })),
    [t, count],
  );
}

function Legend({ color, label, count }: { color: string; label: string; count: number }) {
  return (
    <div className="exam-palette-legend">
      <span className="exam-palette-dot" style={{ backgroundColor: color }} />
      <span className="exam-palette-label">{label}</span>
      <span className="exam-palette-count">{count}</span>
    </div>
  );
}

/** The summary re-renders only when a count changes (not on every move). */
const Summary = memo(function Summary({
  total,
  answered,
  notAnswered,
  marked,
  t,
}: ReturnType<typeof sectionSummary> & { t: TFunction<'exam'> }) {
  return (
    <div className="exam-palette-summary" data-testid="palette-summary">
      <Legend color="transparent" label={t('palette.total')} count={total} />
      <Legend color={STATUS_COLORS.answered} label={t('palette.answered')} count={answered} />
      <Legend color={STATUS_COLORS['not-answered']} label={t('palette.notAnswered')} count={notAnswered} />
      <Legend color={STATUS_COLORS.marked} label={t('palette.marked')} count={marked} />
    </div>
  );
});

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
  const summary = sectionSummary(section);
  const labels = usePaletteLabels(t, section.questions.length);
  const savedTitle = t('palette.saved');
  return (
    <nav className="exam-palette" aria-label={t('palette.title')}>
      <h2 className="exam-palette-title">{section.sectionName}</h2>
      {PALETTE_STYLES}
      <div className="exam-palette-grid">
        {section.questions.map((question, index) => (
          // Keyed by position: entry n is "question n" in every section, so a section switch
          // updates the entries' status in place instead of replacing all of them.
          <PaletteButton
            key={index}
            question={question}
            number={index + 1}
            isActive={index === activeQuestion}
            onSelect={onSelect}
            label={labels[index]!}
            savedTitle={savedTitle}
          />
        ))}
      </div>
      <hr className="exam-palette-divider" />
      <Summary {...summary} t={t} />
    </nav>
  );
});

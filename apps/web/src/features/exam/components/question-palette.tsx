import { TEST_DRAWER_WIDTH } from '@app/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { amber, blue, green } from '@mui/material/colors';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAnswered, isConfirmed, sectionSummary, type PlayerQuestion, type PlayerSection } from '../model/player-state';

/** Palette colours (spec 001 §9): answered green, unanswered blue, marked amber. */
export function paletteColor(question: Pick<PlayerQuestion, 'answerID' | 'isMarked'>): string {
  if (question.isMarked) return amber[700];
  return isAnswered(question) ? green[600] : blue[600];
}

/**
 * Entries are native buttons styled by static classes inserted once: MUI's ButtonBase (focus-visible
 * tracking, ripple handlers, styles computed per entry) cost a jump part of its 50 ms budget on a
 * slow machine. No ripple: a jump must show its question at once; focus shows as a ring.
 */
const PALETTE_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      '.exam-palette-grid': { display: 'grid', gridTemplateColumns: 'repeat(5, 40px)', gap: theme.spacing(1.5), marginBottom: theme.spacing(2) },
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
        backgroundColor: blue[600],
        color: '#fff',
        fontWeight: 600,
        cursor: 'pointer',
        userSelect: 'none',
        outline: 'none',
        outlineOffset: 2,
        WebkitTapHighlightColor: 'transparent',
        // The colour of each status is paletteColor's.
        '&[data-status="answered"]': { backgroundColor: green[600] },
        '&[data-status="marked"]': { backgroundColor: amber[700] },
        '&[aria-current="step"]': { outline: `3px solid ${theme.palette.text.primary}` },
        '&:focus-visible': { boxShadow: `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.primary.dark}` },
      },
      '.exam-palette-entry .exam-palette-saved': {
        position: 'absolute',
        right: -4,
        bottom: -4,
        fontSize: 16,
        color: green[900],
        backgroundColor: '#fff',
        borderRadius: '50%',
      },
    })}
  />
);

const PaletteButton = memo(function PaletteButton({
  question,
  number,
  isActive,
  onSelect,
}: {
  question: PlayerQuestion;
  number: number;
  isActive: boolean;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('exam');
  const answered = isAnswered(question);
  const confirmed = answered && isConfirmed(question);
  const status = question.isMarked ? 'marked' : answered ? 'answered' : 'not-answered';
  return (
    <button
      type="button"
      className="exam-palette-entry"
      onClick={() => onSelect(number - 1)}
      aria-label={t('palette.question', { number })}
      aria-current={isActive ? 'step' : undefined}
      data-testid={`palette-${number}`}
      data-status={status}
      data-confirmed={confirmed ? 'true' : 'false'}
    >
      {number}
      {confirmed && <CheckCircleIcon className="exam-palette-saved" titleAccess={t('palette.saved')} />}
    </button>
  );
});

function Legend({ color, label, count }: { color: string; label: string; count: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color }} />
      <Typography variant="body2" sx={{ flex: 1 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {count}
      </Typography>
    </Box>
  );
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
  const summary = sectionSummary(section);
  return (
    <Box sx={{ width: TEST_DRAWER_WIDTH, p: 2 }} role="navigation" aria-label={t('palette.title')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {section.sectionName}
      </Typography>
      {PALETTE_STYLES}
      <div className="exam-palette-grid">
        {section.questions.map((question, index) => (
          <PaletteButton key={question.questionTaskMapID} question={question} number={index + 1} isActive={index === activeQuestion} onSelect={onSelect} />
        ))}
      </div>
      <Divider sx={{ mb: 1 }} />
      <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="palette-summary">
        <Legend color="transparent" label={t('palette.total')} count={summary.total} />
        <Legend color={green[600]} label={t('palette.answered')} count={summary.answered} />
        <Legend color={blue[600]} label={t('palette.notAnswered')} count={summary.notAnswered} />
        <Legend color={amber[700]} label={t('palette.marked')} count={summary.marked} />
      </Box>
    </Box>
  );
});

import { TEST_DRAWER_WIDTH } from '@app/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
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
    <ButtonBase
      // No ripple: a jump must show its question at once (see the footer); focus shows as a ring.
      disableRipple
      onClick={() => onSelect(number - 1)}
      aria-label={t('palette.question', { number })}
      aria-current={isActive ? 'step' : undefined}
      data-testid={`palette-${number}`}
      data-status={status}
      data-confirmed={confirmed ? 'true' : 'false'}
      sx={{
        position: 'relative',
        width: 40,
        height: 40,
        borderRadius: '50%',
        bgcolor: paletteColor(question),
        color: '#fff',
        fontWeight: 600,
        outline: isActive ? '3px solid' : 'none',
        outlineColor: 'text.primary',
        outlineOffset: 2,
        '&.Mui-focusVisible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.primary.dark}` },
      }}
    >
      {number}
      {confirmed && (
        <CheckCircleIcon
          titleAccess={t('palette.saved')}
          sx={{ position: 'absolute', right: -4, bottom: -4, fontSize: 16, color: green[900], bgcolor: '#fff', borderRadius: '50%' }}
        />
      )}
    </ButtonBase>
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
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 40px)', gap: 1.5, mb: 2 }}>
        {section.questions.map((question, index) => (
          <PaletteButton key={question.questionTaskMapID} question={question} number={index + 1} isActive={index === activeQuestion} onSelect={onSelect} />
        ))}
      </Box>
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

import { ERROR_TYPES, NOTEBOOK_LIMITS, type ErrorType, type NotebookCard, type NotebookQuestion } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PendingButton } from '../../../components/pending-button';
import { useUpdateCard } from '../api/notebook-api';

export interface NotebookCardViewProps {
  card: NotebookCard;
  /** The question as the feedback report shows it (the app composes the reports' renderer in). */
  renderQuestion: (question: NotebookQuestion) => ReactNode;
}

/** One card: the question with the student's answer (and the key once released), the error type and the student's note. */
export function NotebookCardView({ card, renderQuestion }: NotebookCardViewProps) {
  const { t } = useTranslation('notebook');
  const update = useUpdateCard();
  const [note, setNote] = useState(card.note);
  const idOf = (part: string) => `notebook-card-${card.id}-${part}`;
  const isNoteChanged = note.trim() !== card.note;

  function handleErrorType(value: string) {
    update.mutate({ id: card.id, errorType: value as ErrorType });
  }

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={idOf('title')}
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid="notebook-card"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography
          id={idOf('title')}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600, flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          <span data-user-content="">{t('cardLabel', { test: card.testName, subject: card.subject })}</span>
        </Typography>
        {card.reasons.map((reason) => (
          <Chip
            key={reason}
            size="small"
            label={t(`reasons.${reason}`)}
            color={reason === 'wrong' ? 'error' : 'default'}
            variant={reason === 'wrong' ? 'filled' : 'outlined'}
          />
        ))}
      </Box>
      {card.topics.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <span data-user-content="">{card.topics.join(', ')}</span>
        </Typography>
      )}
      {card.question ? renderQuestion(card.question) : <Typography variant="body2">{t('questionMissing')}</Typography>}
      {card.question && !card.keyReleased && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('keyLater')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {[
          t('timeSpent', { seconds: card.timeSpent }),
          ...(card.classMedianTime !== null ? [t('classMedian', { seconds: Math.round(card.classMedianTime) })] : []),
          ...(card.answerChanges > 0 ? [t('answerChanges', { count: card.answerChanges })] : []),
        ].join(' · ')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 14rem) minmax(0, 1fr)' },
          gap: 2,
          mt: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          select
          id={idOf('error-type')}
          label={t('errorType')}
          value={card.errorType}
          onChange={(event) => handleErrorType(event.target.value)}
          helperText={t('suggested', { type: t(`errorTypes.${card.suggestedErrorType}`) })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          size="small"
          disabled={update.isPending}
        >
          {ERROR_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`errorTypes.${type}`)}
            </option>
          ))}
        </TextField>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (isNoteChanged) update.mutate({ id: card.id, note });
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            id={idOf('note')}
            label={t('note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: NOTEBOOK_LIMITS.noteMax } }}
          />
          <PendingButton
            type="submit"
            variant="outlined"
            size="small"
            isPending={update.isPending}
            disabled={!isNoteChanged}
          >
            {t('saveNote')}
          </PendingButton>
        </Box>
      </Box>
    </Paper>
  );
}

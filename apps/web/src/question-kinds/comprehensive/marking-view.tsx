import type { PendingEvaluation } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/translation';
import { RichContent } from '../../components/rich-text/rich-content';
import { escapeHtml } from '../../lib/escape-html';

/** What the marker reads: the question, its model answer and the student's written answer. */
export function WrittenAnswerMarkingView({ item }: { item: PendingEvaluation }) {
  const { t } = useTranslation('grading');
  return (
    <>
      <Box component="section" aria-label={t('questionHeading')}>
        <Typography variant="subtitle2" component="h3">
          {t('questionHeading')}: <span data-user-content="">{item.questionTitle}</span>
        </Typography>
        <RichContent html={item.questionData} />
      </Box>
      <Box component="section" aria-label={t('modelAnswer')} sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('modelAnswer')}
        </Typography>
        {item.modelAnswer ? <RichContent html={item.modelAnswer} /> : <Typography variant="body2">{t('noModelAnswer')}</Typography>}
      </Box>
      <Box component="section" aria-label={t('studentAnswer')}>
        <Typography variant="subtitle2" component="h3">
          {t('studentAnswer')}
        </Typography>
        {item.answerData ? (
          // Typed as plain text: shown as typed, its lines kept, its formulas typeset.
          <RichContent html={escapeHtml(item.answerData)} data-testid="student-answer" sx={{ whiteSpace: 'pre-wrap' }} />
        ) : (
          <Alert severity="info">{t('noAnswer')}</Alert>
        )}
      </Box>
    </>
  );
}

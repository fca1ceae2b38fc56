import type { FeedbackReport } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RichContent } from '../../../components/rich-text/rich-content';
import { questionKind } from '../../../question-kinds';

type Item = FeedbackReport['QuestionsWithAnswer'][number];
const STATUS_COLOR = { correct: 'success', partial: 'warning', wrong: 'error', unanswered: 'default', pending: 'info' } as const;

function describeAnswer(item: Item, answerID: unknown, answerData: unknown): string | null {
  const ids = Array.isArray(answerID) ? answerID : typeof answerID === 'number' ? [answerID] : [];
  if (ids.length > 0 && item.answer.length > 0) {
    return ids.map((id) => item.answer.find((option) => option.answerID === id)?.answerData ?? String(id)).join(', ');
  }
  if (Array.isArray(answerData)) return (answerData as { value: string }[]).map((blank) => blank.value).join(' | ');
  if (typeof answerData === 'string') return answerData;
  if (answerData && typeof answerData === 'object' && 'sourceCode' in answerData) return String((answerData as { sourceCode: string }).sourceCode);
  if (answerData && typeof answerData === 'object' && 'percentage' in answerData) return `${(answerData as { percentage: number }).percentage.toFixed(2)} %`;
  return null;
}

/** The questions with the student's answer and the key, after submission. */
export function QuestionsWithAnswer({ items }: { items: Item[] }) {
  const { t } = useTranslation('reports');
  return (
    // minmax(0, 1fr): a long formula or word cannot widen the column past the screen.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {items.map((item) => {
        const given = describeAnswer(item, item.answerID, item.answerData);
        const expected = questionKind(item.questionType).practice.keyText?.(item.correctAnswerData) ?? describeAnswer(item, item.correctAnswerID, item.correctAnswerData);
        return (
          <Paper key={item.questionTaskMapID} variant="outlined" sx={{ p: 2 }} data-testid="report-question">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('question', { number: item.questionNumber })}. {item.questionTitle}
              </Typography>
              <Chip size="small" color={STATUS_COLOR[item.status]} label={t(`status.${item.status}`)} />
              <Chip size="small" variant="outlined" label={t('marksAwarded', { marks: item.marksAwarded })} />
            </Box>
            <RichContent html={item.questionData} sx={{ mb: 1 }} />
            {item.mediaUrl && <Box component="img" src={item.mediaUrl} alt="" sx={{ maxWidth: '100%', maxHeight: 240 }} />}
            <Typography variant="body2">
              <strong>{t('yourAnswer')}:</strong> {item.paperInvalid ? t('paperInvalid') : (given ?? t('noAnswer'))}
            </Typography>
            {expected && (
              <Typography variant="body2" sx={{ color: 'success.dark' }}>
                <strong>{t('correctAnswer')}:</strong> {expected}
              </Typography>
            )}
            {item.explanation && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {t('explanation')}:{' '}
                </Typography>
                <RichContent html={item.explanation} />
              </Box>
            )}
            {item.teacherComment && (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }} data-testid="teacher-comment">
                <strong>{t('teacherComment')}:</strong> {item.teacherComment}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}

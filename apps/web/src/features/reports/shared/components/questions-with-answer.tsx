import { BLANK_MARKER, type FeedbackReport } from '@app/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { INLINE_CONTENT, RichContent } from '../../../../components/rich-text/rich-content';
import { questionKind } from '../../../../question-kinds';
import { escapeHtml } from '../../../../lib/escape-html';

type Item = FeedbackReport['QuestionsWithAnswer'][number];
const STATUS_COLOR = { correct: 'success', partial: 'warning', wrong: 'error', unanswered: 'default', pending: 'info' } as const;

/**
 * An answer (the student's or the key) as content to render: chosen options are authored HTML
 * (with formulas), everything typed is text and shown as such.
 */
function answerHtml(item: Item, answerID: unknown, answerData: unknown): string | null {
  const ids = Array.isArray(answerID) ? answerID : typeof answerID === 'number' ? [answerID] : [];
  if (ids.length > 0 && item.answer.length > 0) {
    return ids.map((id) => item.answer.find((option) => option.answerID === id)?.answerData ?? escapeHtml(String(id))).join('<span aria-hidden="true">, </span>');
  }
  if (Array.isArray(answerData)) return (answerData as { value: string }[]).map((blank) => escapeHtml(blank.value)).join(' | ');
  if (typeof answerData === 'string') return escapeHtml(answerData);
  if (answerData && typeof answerData === 'object' && 'sourceCode' in answerData) return `<pre>${escapeHtml(String((answerData as { sourceCode: string }).sourceCode))}</pre>`;
  if (answerData && typeof answerData === 'object' && 'percentage' in answerData) return escapeHtml(`${(answerData as { percentage: number }).percentage.toFixed(2)} %`);
  return null;
}

/** The statement as the report shows it: a kind that answers inside its text shows each blank as (1), (2)… */
function statementHtml(item: Item): string {
  if (questionKind(item.questionType).player.showsStatement) return item.questionData;
  const parts = item.questionData.split(BLANK_MARKER);
  return parts.map((part, i) => (i < parts.length - 1 ? `${part}<u>&nbsp;(${i + 1})&nbsp;</u>` : part)).join('');
}


function AnswerLine({ label, html, color }: { label: string; html: string; color?: string }) {
  return (
    <Typography variant="body2" component="div" sx={{ color }}>
      <strong>{label}:</strong> <RichContent html={html} component="span" sx={INLINE_CONTENT} />
    </Typography>
  );
}

/** The questions with the student's answer and the key, after submission; a page may add actions under each (challenges). */
export function QuestionsWithAnswer({ items, renderActions }: { items: Item[]; renderActions?: (item: Item) => ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    // minmax(0, 1fr): a long formula or word cannot widen the column past the screen.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {items.map((item) => {
        const practice = questionKind(item.questionType).practice;
        const answerText = practice.answerText?.(item.answerID, item.answerData, item.answer);
        const given = typeof answerText === 'string' ? escapeHtml(answerText) : answerHtml(item, item.answerID, item.answerData);
        const keyText = practice.keyText?.(item.correctAnswerData, item.answer);
        const keyIds = practice.keyIds?.(item.correctAnswerData);
        const expected = typeof keyText === 'string' ? escapeHtml(keyText) : keyIds ? answerHtml(item, keyIds, null) : answerHtml(item, item.correctAnswerID, item.correctAnswerData);
        return (
          <Paper key={item.questionTaskMapID} variant="outlined" sx={{ p: 2 }} data-testid="report-question">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('question', { number: item.questionNumber })}. {item.questionTitle}
              </Typography>
              <Chip size="small" color={STATUS_COLOR[item.status]} label={t(`status.${item.status}`)} />
              <Chip size="small" variant="outlined" label={t('marksAwarded', { marks: item.marksAwarded })} />
            </Box>
            <RichContent html={statementHtml(item)} sx={{ mb: 1 }} />
            {item.mediaUrl && <Box component="img" src={item.mediaUrl} alt="" sx={{ maxWidth: '100%', maxHeight: 240 }} />}
            <AnswerLine label={t('yourAnswer')} html={item.paperInvalid ? escapeHtml(t('paperInvalid')) : (given ?? escapeHtml(t('noAnswer')))} />
            {expected && <AnswerLine label={t('correctAnswer')} html={expected} color="success.dark" />}
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
            {renderActions?.(item)}
          </Paper>
        );
      })}
    </Box>
  );
}

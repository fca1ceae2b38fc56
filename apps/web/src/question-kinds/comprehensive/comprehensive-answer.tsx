import TextField from '@mui/material/TextField';
import { useTranslation } from '../../lib/translation';
import { useNotify } from '../../hooks/use-notify';
import { asKind, type AnswerData, type AnswerId, type PlayerQuestion } from '../shared/player-question';
import { truncateLines } from './line-limit';

/** A written answer limited to lineNumber lines ("Exceeds maximum line", spec 001 §5). */
export function ComprehensiveAnswer({
  question,
  isLocked,
  onAnswer,
}: {
  question: PlayerQuestion;
  isLocked: boolean;
  onAnswer: (answerID: AnswerId, answerData: AnswerData) => void;
}) {
  const { t } = useTranslation('exam');
  const { t: tm } = useTranslation('messages');
  const notify = useNotify();
  const value = typeof question.answerData === 'string' ? question.answerData : '';
  const lineNumber = asKind(question, 'comprehensive')?.lineNumber ?? null;

  const handleChange = (text: string) => {
    const { text: kept, isTruncated } = truncateLines(text, lineNumber);
    if (isTruncated) notify.error(tm('exceedsMaxLine'));
    onAnswer(kept.trim() ? 'text' : null, kept.trim() ? kept : null);
  };

  return (
    <TextField
      fullWidth
      multiline
      minRows={Math.min(Math.max(lineNumber ?? 6, 3), 12)}
      label={t('comprehensive.label')}
      helperText={lineNumber ? t('comprehensive.lineLimit', { count: lineNumber }) : ' '}
      value={value}
      disabled={isLocked}
      onChange={(event) => handleChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 20_000 } }}
    />
  );
}

import type { PracticeAnswer } from '@app/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../lib/translation';
import { RichContent } from '../../components/rich-text/rich-content';
import type { AnswerData, AnswerId, PlayerQuestion } from '../shared/player-question';
import { blankValues, blanksAnswerId, parseBlanks } from './blank-shape';

/**
 * A piece of an authored statement between two blanks, kept in the line: the editor's paragraphs
 * become line breaks (the blanks sit inside them), formulas and emphasis stay.
 */
export function inlineHtml(html: string): string {
  return html
    .replace(/<p(\s[^>]*)?>/gi, '')
    .replace(/<\/p>/gi, '<br>')
    .replace(/(<br\s*\/?>\s*)+$/i, '');
}

/** Fill-in-the-blank: one input per {0} marker, in the flow of the question text. */
export function BlanksAnswer({
  question,
  practiceKey,
  isLocked,
  onAnswer,
}: {
  question: PlayerQuestion;
  practiceKey: PracticeAnswer | undefined;
  isLocked: boolean;
  onAnswer: (answerID: AnswerId, answerData: AnswerData) => void;
}) {
  const { t } = useTranslation('exam');
  const segments = parseBlanks(question.questionID, question.questionData);
  const count = segments.filter((segment) => segment.kind === 'blank').length;
  const values = blankValues(question.questionID, count, question.answerData);
  const expected = Array.isArray(practiceKey?.correctAnswerData) ? practiceKey.correctAnswerData : [];

  const handleChange = (index: number, value: string) => {
    const next = values.map((item, i) => (i === index ? { ...item, value } : item));
    onAnswer(blanksAnswerId(next), next);
  };

  return (
    <Box sx={{ lineHeight: 3, fontSize: '1.05rem' }} data-testid="blanks">
      {segments.map((segment, i) =>
        segment.kind === 'text' ? (
          <RichContent key={i} html={inlineHtml(segment.text)} component="span" />
        ) : (
          <TextField
            key={segment.id}
            size="small"
            value={values[segment.index]?.value ?? ''}
            onChange={(event) => handleChange(segment.index, event.target.value)}
            disabled={isLocked}
            slotProps={{ htmlInput: { 'aria-label': t('blank', { number: segment.index + 1 }), 'data-blank-id': segment.id, maxLength: 500 } }}
            helperText={expected.find((item) => item.id === segment.id)?.value}
            sx={{ mx: 1, width: 160, verticalAlign: 'middle' }}
          />
        ),
      )}
    </Box>
  );
}

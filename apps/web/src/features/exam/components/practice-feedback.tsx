import type { PracticeAnswer } from '@app/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { RichContent } from '../../../components/rich-text/rich-content';
import type { PlayerQuestion } from '../model/player-state';
import { questionKind } from '../../../question-kinds';

/** Practice: the hint when toggled, and the key with its explanation once revealed, with the page's actions under it (keep in notebook). */
export function PracticeFeedback({ question, practiceKey, actions }: { question: PlayerQuestion; practiceKey: PracticeAnswer | undefined; actions?: ReactNode }) {
  const { t } = useTranslation('exam');
  // Nothing to show in most moves (and never in a graded test): no empty box to style.
  if (!question.isShowHint && !(question.isShowAnswer && practiceKey)) return null;
  // A skipped question is neither right nor wrong: say so, then show the key.
  const verdict = !practiceKey
    ? null
    : practiceKey.isCorrect !== null
      ? practiceKey.isCorrect ? 'correct' : 'wrong'
      : questionKind(question.questionType).practice.unscoredVerdict(question);
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      {question.isShowHint && (
        <Alert severity="info" data-testid="hint">
          <AlertTitle>{t('practice.hint')}</AlertTitle>
          {question.hint ? <RichContent html={question.hint} /> : t('practice.noHint')}
        </Alert>
      )}
      {question.isShowAnswer && practiceKey && (
        <Alert
          severity={verdict === 'correct' ? 'success' : verdict === 'wrong' ? 'error' : 'info'}
          data-testid="practice-answer"
        >
          <AlertTitle>
            {t(`practice.${verdict ?? 'skipped'}`)}
          </AlertTitle>
          {typeof practiceKey.correctAnswerData === 'string' && (
            <Box>
              {t('practice.correctAnswer')}: {practiceKey.correctAnswerData}
            </Box>
          )}
          {practiceKey.explanation && (
            <Box sx={{ mt: 1 }}>
              <strong>{t('practice.explanation')}: </strong>
              <RichContent html={practiceKey.explanation} component="span" />
            </Box>
          )}
        </Alert>
      )}
      {question.isShowAnswer && practiceKey && actions && <Box data-testid="practice-actions">{actions}</Box>}
    </Box>
  );
}

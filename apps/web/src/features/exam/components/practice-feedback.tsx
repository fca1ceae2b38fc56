import type { PracticeAnswer } from '@app/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html';
import type { PlayerQuestion } from '../model/player-state';

/** Practice: the hint when toggled, and the key with its explanation once revealed. */
export function PracticeFeedback({ question, practiceKey }: { question: PlayerQuestion; practiceKey: PracticeAnswer | undefined }) {
  const { t } = useTranslation('exam');
  // Nothing to show in most moves (and never in a graded test): no empty box to style.
  if (!question.isShowHint && !(question.isShowAnswer && practiceKey)) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      {question.isShowHint && (
        <Alert severity="info" data-testid="hint">
          <AlertTitle>{t('practice.hint')}</AlertTitle>
          {question.hint ? <SafeHtml html={question.hint} /> : t('practice.noHint')}
        </Alert>
      )}
      {question.isShowAnswer && practiceKey && (
        <Alert
          severity={practiceKey.isCorrect === null ? 'info' : practiceKey.isCorrect ? 'success' : 'error'}
          data-testid="practice-answer"
        >
          <AlertTitle>
            {practiceKey.isCorrect === null ? t('practice.awaitingEvaluation') : practiceKey.isCorrect ? t('practice.correct') : t('practice.wrong')}
          </AlertTitle>
          {typeof practiceKey.correctAnswerData === 'string' && (
            <Box>
              {t('practice.correctAnswer')}: {practiceKey.correctAnswerData}
            </Box>
          )}
          {practiceKey.explanation && (
            <Box sx={{ mt: 1 }}>
              <strong>{t('practice.explanation')}: </strong>
              <SafeHtml html={practiceKey.explanation} component="span" />
            </Box>
          )}
        </Alert>
      )}
    </Box>
  );
}

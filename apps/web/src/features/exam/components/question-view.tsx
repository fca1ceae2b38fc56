import type { PracticeAnswer } from '@app/contracts';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { memo, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { AnswerData, AnswerId, PlayerQuestion, PlayerSettings } from '../model/player-state';
import { questionKind, type CodeSlotProps, type EditorSlotProps, type OfficeSlotProps } from '../../../question-kinds';
import { PracticeFeedback } from './practice-feedback';
import { QuestionStatement } from './question-statement';

/** What a code or office editor mounted by the page receives (the runner and office features fill the slots). */
export type { CodeSlotProps, EditorSlotProps, OfficeSlotProps };

/** What the page may put under a practice question's feedback (keep in notebook): the attempt and the question. */
export interface PracticeActionsSlotProps {
  attemptId: string;
  mapId: number;
  number: number;
}

/** The id of the question's heading ("Question 3 of 45"), which the player focuses on a move. */
export const QUESTION_HEADING_ID = 'exam-question-heading';

/**
 * The parts every question shows are plain elements styled by static classes inserted once: a
 * move between questions redraws them, and a MUI component per part (Chip, Stack, Typography,
 * each with styles computed per render) made the move miss 50 ms on a slow machine.
 */
const QUESTION_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      '.exam-question': {
        display: 'grid',
        gap: theme.spacing(3),
        gridTemplateColumns: '1fr',
        alignItems: 'start',
        '&.is-split': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
      },
      '.exam-question-statement': { display: 'grid', gap: theme.spacing(2) },
      '.exam-question-meta': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(1), marginBottom: theme.spacing(1) },
      '.exam-question-number': { ...theme.typography.overline, margin: 0, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: 2 } },
      // Small outlined chips (as MUI's Chip, size small, variant outlined).
      '.exam-question-chip': {
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        padding: '0 7px',
        border: '1px solid',
        borderRadius: 16,
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(13),
        whiteSpace: 'nowrap',
        '&.is-marks': { color: theme.palette.success.main, borderColor: alpha(theme.palette.success.main, 0.7) },
        '&.is-negative': { color: theme.palette.error.main, borderColor: alpha(theme.palette.error.main, 0.7) },
      },
      '.exam-question-title': { ...theme.typography.h6, margin: 0 },
      '.exam-question-meta .exam-question-number': { flexBasis: '100%' },
      '.exam-question-body': { display: 'grid', gap: theme.spacing(1.5) },
      '.exam-question-text': { ...theme.typography.body1, margin: 0, whiteSpace: 'pre-wrap' },
    })}
  />
);

/**
 * Title, marks and negative marks, then the body of the question by its kind (spec 001 §2).
 * Memoised: the player re-renders every second for its clock, the question only when it changes.
 */
export const QuestionView = memo(function QuestionView({
  question,
  number,
  total,
  settings,
  TestSessionID,
  practiceKey,
  onAnswer,
  onAdvance,
  renderCodeEditor,
  renderOfficeEditor,
  renderPracticeActions,
}: {
  question: PlayerQuestion;
  number: number;
  total: number;
  settings: PlayerSettings;
  TestSessionID: string;
  practiceKey: PracticeAnswer | undefined;
  onAnswer: (answerID: AnswerId, answerData: AnswerData) => void;
  onAdvance: () => void;
  renderCodeEditor?: (props: CodeSlotProps) => ReactNode;
  renderOfficeEditor?: (props: OfficeSlotProps) => ReactNode;
  renderPracticeActions?: (props: PracticeActionsSlotProps) => ReactNode;
}) {
  const { t } = useTranslation('exam');
  const isLarge = useMediaQuery('(min-width:1200px)');
  const isLocked = question.isShowAnswer;
  const kind = questionKind(question.questionType);
  const isHorizontal = settings.QuestionDisplayType === 'horizontal';
  const { AnswerArea } = kind.player;
  const answerArea = (
    <AnswerArea
      question={question}
      settings={settings}
      TestSessionID={TestSessionID}
      practiceKey={practiceKey}
      isLocked={isLocked}
      onAnswer={onAnswer}
      onAdvance={onAdvance}
      slots={{ code: renderCodeEditor, office: renderOfficeEditor }}
    />
  );

  const header = (
    <div>
      <div className="exam-question-meta">
        {/* The question's heading: focus comes here on every move (and after a navigation), so a screen reader announces it. */}
        <h2 className="exam-question-number" id={QUESTION_HEADING_ID} tabIndex={-1} data-route-focus data-testid="question-number">
          {t('questionOf', { number, total })}
        </h2>
        <span className="exam-question-chip is-marks">{t('marks', { marks: question.marks })}</span>
        {question.negativeMarks > 0 && <span className="exam-question-chip is-negative">{t('negativeMarks', { marks: question.negativeMarks })}</span>}
      </div>
      {question.questionTitle && (
        <h3 className="exam-question-title" data-testid="question-title">
          {question.questionTitle}
        </h3>
      )}
    </div>
  );

  const statement = (
    <div className="exam-question-statement">
      {header}
      <QuestionStatement question={question} />
    </div>
  );
  const answer = (
    <div>
      <Suspense fallback={<Box sx={{ minHeight: 56 }} aria-busy="true" />}>{answerArea}</Suspense>
      <PracticeFeedback
        question={question}
        practiceKey={practiceKey}
        actions={
          settings.type === 'practice' && renderPracticeActions
            ? renderPracticeActions({ attemptId: TestSessionID, mapId: question.questionTaskMapID, number })
            : undefined
        }
      />
    </div>
  );

  // Programming and office questions: statement left, editor right on large screens (spec 001 §2);
  // a horizontal task lays every question out side by side.
  const isSplit = (kind.player.isSideBySide && isLarge) || (isHorizontal && isLarge);
  return (
    <div data-testid="question" data-question-id={question.questionID} className={isSplit ? 'exam-question is-split' : 'exam-question'}>
      {QUESTION_STYLES}
      {statement}
      {answer}
    </div>
  );
});

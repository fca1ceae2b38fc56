import type { PracticeAnswer } from '@app/contracts';
import GlobalStyles from '@mui/material/GlobalStyles';
import { green, red } from '@mui/material/colors';
import { useTranslation } from '../../lib/translation';
import { authoredHtml, RichContent } from '../../components/rich-text/rich-content';
import { questionTextId, type AnswerData, type AnswerId, type PlayerQuestion } from './player-question';

function correctIds(key: PracticeAnswer | undefined): number[] {
  if (!key || key.correctAnswerID === null) return [];
  return Array.isArray(key.correctAnswerID) ? key.correctAnswerID : [key.correctAnswerID];
}

/**
 * Option rows are native inputs in a label, styled by static classes inserted once: every move
 * between questions draws a new set of rows, and MUI's Radio/Checkbox with FormControlLabel (and
 * styles computed per render) cost the move much of its 50 ms budget on a slow machine. The
 * browser gives the rows their role, name (the label's text), checked state and keyboard handling.
 */
const CHOICE_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      '.exam-choice': { display: 'flex', flexDirection: 'column' },
      '.exam-choice-legend': { ...theme.typography.body1, color: theme.palette.text.secondary, marginBottom: theme.spacing(0.5) },
      '.exam-choice-option': {
        ...theme.typography.body1,
        display: 'flex',
        alignItems: 'center',
        gap: theme.spacing(1.5),
        minHeight: 42,
        padding: theme.spacing(0.5, 1),
        marginLeft: theme.spacing(-1),
        borderRadius: theme.shape.borderRadius,
        cursor: 'pointer',
        '&:hover': { backgroundColor: theme.palette.action.hover },
        '&.is-disabled': { cursor: 'default', color: theme.palette.text.disabled, '&:hover': { backgroundColor: 'transparent' } },
      },
      '.exam-choice-option input': {
        flex: 'none',
        width: 20,
        height: 20,
        margin: 0,
        accentColor: theme.palette.primary.main,
        cursor: 'inherit',
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: 2 },
      },
    })}
  />
);

/** Single choice (also video and image questions) and multiple choice. */
export function ChoiceAnswer({
  question,
  practiceKey,
  isLocked,
  isMultiple,
  onAnswer,
}: {
  question: PlayerQuestion;
  practiceKey: PracticeAnswer | undefined;
  isLocked: boolean;
  /** Checkboxes (any number of options) rather than radio buttons. */
  isMultiple: boolean;
  onAnswer: (answerID: AnswerId, answerData: AnswerData) => void;
}) {
  const { t } = useTranslation('exam');
  const correct = correctIds(practiceKey);
  const chosen = Array.isArray(question.answerID) ? question.answerID : typeof question.answerID === 'number' ? [question.answerID] : [];
  const labelFor = (answerID: number, answerData: string) => {
    const isCorrect = correct.includes(answerID);
    const isWrongChoice = practiceKey && chosen.includes(answerID) && !isCorrect;
    const color = isCorrect ? green[800] : isWrongChoice ? red[700] : undefined;
    const html = authoredHtml(answerData, question.contentType);
    return html !== null ? (
      <RichContent html={html} sx={{ color, fontWeight: isCorrect ? 700 : undefined }} />
    ) : (
      <span style={{ color, fontWeight: isCorrect ? 700 : undefined }}>{answerData}</span>
    );
  };
  const legendId = `choice-${question.questionID}`;
  const handleChange = (answerID: number) => {
    if (!isMultiple) return onAnswer(answerID, null);
    const next = chosen.includes(answerID) ? chosen.filter((id) => id !== answerID) : [...chosen, answerID].sort((a, b) => a - b);
    onAnswer(next.length > 0 ? next : null, null);
  };

  return (
    // Named by the question's text, then how to answer ("… Choose one answer").
    <div role={isMultiple ? 'group' : 'radiogroup'} aria-labelledby={`${questionTextId(question.questionID)} ${legendId}`} className="exam-choice">
      {CHOICE_STYLES}
      <span id={legendId} className="exam-choice-legend">
        {isMultiple ? t('choice.multiple') : t('choice.single')}
      </span>
      {question.answer.map((option) => (
        <label key={option.answerID} className={isLocked ? 'exam-choice-option is-disabled' : 'exam-choice-option'}>
          <input
            type={isMultiple ? 'checkbox' : 'radio'}
            name={legendId}
            value={option.answerID}
            checked={chosen.includes(option.answerID)}
            onChange={() => handleChange(option.answerID)}
            disabled={isLocked}
          />
          {labelFor(option.answerID, option.answerData)}
        </label>
      ))}
    </div>
  );
}

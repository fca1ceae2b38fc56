import type { PracticeAnswer } from '@app/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { green, red } from '@mui/material/colors';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html';
import type { AnswerData, AnswerId, PlayerQuestion } from '../model/player-state';

function correctIds(key: PracticeAnswer | undefined): number[] {
  if (!key || key.correctAnswerID === null) return [];
  return Array.isArray(key.correctAnswerID) ? key.correctAnswerID : [key.correctAnswerID];
}

/** Single choice (also video and image questions) and multiple choice. */
export function ChoiceAnswer({
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
  const isMultiple = question.questionType === 'multipleChoice';
  const correct = correctIds(practiceKey);
  const chosen = Array.isArray(question.answerID) ? question.answerID : typeof question.answerID === 'number' ? [question.answerID] : [];
  const labelFor = (answerID: number, answerData: string) => {
    const isCorrect = correct.includes(answerID);
    const isWrongChoice = practiceKey && chosen.includes(answerID) && !isCorrect;
    const color = isCorrect ? green[800] : isWrongChoice ? red[700] : undefined;
    return question.contentType === 'html' ? (
      <SafeHtml html={answerData} sx={{ color, fontWeight: isCorrect ? 700 : undefined }} />
    ) : (
      <span style={{ color, fontWeight: isCorrect ? 700 : undefined }}>{answerData}</span>
    );
  };
  const legend = <FormLabel id={`choice-${question.questionID}`}>{isMultiple ? t('choice.multiple') : t('choice.single')}</FormLabel>;

  if (isMultiple) {
    const toggle = (answerID: number) => {
      const next = chosen.includes(answerID) ? chosen.filter((id) => id !== answerID) : [...chosen, answerID].sort((a, b) => a - b);
      onAnswer(next.length > 0 ? next : null, null);
    };
    return (
      <FormGroup aria-labelledby={`choice-${question.questionID}`}>
        {legend}
        {question.answer.map((option) => (
          <FormControlLabel
            key={option.answerID}
            control={<Checkbox checked={chosen.includes(option.answerID)} onChange={() => toggle(option.answerID)} disabled={isLocked} />}
            label={labelFor(option.answerID, option.answerData)}
          />
        ))}
      </FormGroup>
    );
  }
  return (
    <RadioGroup
      aria-labelledby={`choice-${question.questionID}`}
      value={chosen[0] !== undefined ? String(chosen[0]) : ''}
      onChange={(event) => onAnswer(Number(event.target.value), null)}
    >
      {legend}
      {question.answer.map((option) => (
        <FormControlLabel
          key={option.answerID}
          value={String(option.answerID)}
          control={<Radio disabled={isLocked} />}
          label={labelFor(option.answerID, option.answerData)}
        />
      ))}
    </RadioGroup>
  );
}

import { numericalAnswerOf, numericalTextOf } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AnswerAreaProps } from '../kind';
import { NumberPad } from './number-pad';
import { keyText } from './number-pad-model';
import { numericalKeyOfReveal } from './numerical-values';
import { useNumericalTexts } from './use-numerical-texts';

/**
 * The player's answer area: the pad, saving the typed number once it is complete (a lone sign or
 * point is not an answer yet, so it saves a Clear), and in practice the key once it is revealed.
 */
export function NumericalAnswer({ question, practiceKey, isLocked, onAnswer }: Pick<AnswerAreaProps, 'question' | 'practiceKey' | 'isLocked' | 'onAnswer'>) {
  const text = useNumericalTexts();
  const saved = question.answerID === null ? '' : numericalTextOf(question.answerData);
  const [typed, setTyped] = useState(saved);
  // The saved number wins when it differs from what the pad holds (a restored attempt); an
  // incomplete text ('-', '.') is kept on the pad while nothing is saved.
  const shown = numericalAnswerOf(typed).answerID === null ? (saved === '' ? typed : saved) : typed === saved ? typed : saved;
  const key = numericalKeyOfReveal(practiceKey?.correctAnswerData);

  const handleChange = (next: string) => {
    setTyped(next);
    const answer = numericalAnswerOf(next);
    if (numericalTextOf(answer.answerData) !== saved) onAnswer(answer.answerID, answer.answerData);
  };

  return (
    <>
      <NumberPad value={shown} onChange={handleChange} isDisabled={isLocked} />
      {key && (
        <Typography sx={{ mt: 2 }} data-testid="numerical-key">
          {text('correctValue', { key: keyText(key) })}
        </Typography>
      )}
    </>
  );
}

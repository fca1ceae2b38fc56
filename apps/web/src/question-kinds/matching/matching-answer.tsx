import { asMatchingKey, leftLabel, matchingAnswerOf, matchingLists, matchingSaveOf, rightLabel } from '@app/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { green } from '@mui/material/colors';
import type { ChangeEvent } from 'react';
import type { AnswerAreaProps } from '../kind';
import { ChoiceAnswer } from '../shared/choice-answer';
import { questionTextId } from '../shared/player-question';
import { useMatchingTexts } from './use-matching-texts';

const plainText = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** The two lists side by side (one under the other on a phone), labelled A, B… and I, II…. */
function Lists({ left, right }: { left: { answerID: number; answerData: string }[]; right: { answerID: number; answerData: string }[] }) {
  const text = useMatchingTexts();
  const column = (caption: string, items: typeof left, label: (id: number) => string) => (
    <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', '& th, & td': { border: 1, borderColor: 'divider', p: 1, textAlign: 'left', verticalAlign: 'top' } }}>
      <thead>
        <tr>
          <th colSpan={2} scope="colgroup">
            {caption}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.answerID}>
            <th scope="row" style={{ width: '3em' }}>
              {label(item.answerID)}
            </th>
            <td>{plainText(item.answerData)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
      {column(text('listI'), left, leftLabel)}
      {column(text('listII'), right, rightLabel)}
    </Box>
  );
}

/**
 * The player's answer area. In pairs, a native select of list II items for each list I item (the
 * browser gives it its keyboard handling and a phone's picker); coded, the lists as a table and
 * the four codes as single-choice options. In practice, the key once revealed.
 */
export function MatchingAnswer({ question, practiceKey, isLocked, onAnswer }: Pick<AnswerAreaProps, 'question' | 'practiceKey' | 'isLocked' | 'onAnswer'>) {
  const text = useMatchingTexts();
  const { left, right, codes } = matchingLists(question.answer);
  const key = asMatchingKey(practiceKey?.correctAnswerData);
  const byId = new Map(question.answer.map((o) => [o.answerID, plainText(o.answerData)]));
  const keyLines = key && (
    <Box data-testid="matching-key" sx={{ mt: 2, color: green[800] }}>
      <Typography component="h3" variant="subtitle2">
        {text('correctMatching')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {[...key.pairs]
          .sort((a, b) => a.left - b.left)
          .map((p) => (
            <li key={p.left}>
              {leftLabel(p.left)}. {byId.get(p.left)} → {rightLabel(p.right)}. {byId.get(p.right)}
            </li>
          ))}
      </Box>
    </Box>
  );

  if (codes.length > 0) {
    return (
      <>
        <Lists left={left} right={right} />
        <Typography sx={{ mb: 1 }} color="text.secondary">
          {text('codedHelp')}
        </Typography>
        <ChoiceAnswer question={{ ...question, answer: codes }} practiceKey={practiceKey} isLocked={isLocked} isMultiple={false} onAnswer={onAnswer} />
        {keyLines}
      </>
    );
  }

  const chosen = question.answerID === null ? new Map<number, number>() : matchingAnswerOf(question.answerData);
  const handleChange = (leftId: number, value: string) => {
    const next = new Map(chosen);
    if (value === '') next.delete(leftId);
    else next.set(leftId, Number(value));
    const save = matchingSaveOf(next);
    onAnswer(save.answerID, save.answerData);
  };

  return (
    <>
      <Lists left={left} right={right} />
      <Box role="group" aria-labelledby={`${questionTextId(question.questionID)} matching-help-${question.questionID}`}>
        <Typography id={`matching-help-${question.questionID}`} sx={{ mb: 1 }} color="text.secondary">
          {text('pairsHelp')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {left.map((item) => {
            const id = `matching-${question.questionID}-${item.answerID}`;
            const rightOfKey = key?.pairs.find((p) => p.left === item.answerID)?.right;
            const value = chosen.get(item.answerID);
            return (
              <Box key={item.answerID} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Box component="label" htmlFor={id} sx={{ flex: '1 1 12em', minWidth: 0 }}>
                  <strong>{leftLabel(item.answerID)}.</strong> {plainText(item.answerData)}
                </Box>
                <Box
                  component="select"
                  id={id}
                  value={value === undefined ? '' : String(value)}
                  disabled={isLocked}
                  aria-invalid={key && value !== undefined && value !== rightOfKey ? true : undefined}
                  onChange={(event: ChangeEvent<HTMLSelectElement>) => handleChange(item.answerID, event.target.value)}
                  sx={{ flex: '1 1 12em', maxWidth: '100%', minHeight: 40, px: 1, font: 'inherit', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 2 } }}
                >
                  <option value="">{text('notMatched')}</option>
                  {right.map((option) => (
                    <option key={option.answerID} value={option.answerID}>
                      {rightLabel(option.answerID)}. {plainText(option.answerData)}
                    </option>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
      {keyLines}
    </>
  );
}

import type { AuthoringQuestion, PracticeAnswer } from '@app/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../config/i18n';
import { checkQuestionForm, emptyQuestionForm, fromAuthoring, toCreateBody, type QuestionFormValues } from '../../features/question-bank/model/question-form';
import type { PlayerQuestion } from '../shared/player-question';
import { OrderingAnswer } from './ordering-answer';
import { freeItemId, moveItem, orderingPreview, shownOrder } from './ordering-model';

const question = {
  questionID: 5,
  contentType: 'text',
  answerID: null,
  answerData: null,
  answer: [
    { answerID: 3, answerData: 'Anaphase' },
    { answerID: 1, answerData: 'Prophase' },
    { answerID: 2, answerData: 'Metaphase' },
  ],
} as unknown as PlayerQuestion;

/** The answer area as the player holds it: the last save becomes the question's answer. */
function Player({ onAnswer, isLocked = false, practiceKey }: { onAnswer: (id: unknown, data: unknown) => void; isLocked?: boolean; practiceKey?: PracticeAnswer }) {
  const [current, setCurrent] = useState(question);
  return (
    <OrderingAnswer
      question={current}
      practiceKey={practiceKey}
      isLocked={isLocked}
      onAnswer={(answerID, answerData) => {
        onAnswer(answerID, answerData);
        setCurrent({ ...current, answerID, answerData });
      }}
    />
  );
}

const itemsShown = () => within(screen.getByTestId('ordering-items')).getAllByRole('listitem').map((li) => li.getAttribute('data-item-id'));

describe('the ordering model', () => {
  it('moves an item one place, never past either end, and shows a saved order only when it names every item', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(shownOrder([3, 1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(shownOrder([3, 1, 2], [1, 2])).toEqual([3, 1, 2]);
    expect(shownOrder([3, 1, 2], 2)).toEqual([3, 1, 2]);
    expect(freeItemId([{ answerID: 1, en: '', tn: '' }], () => 0)).toBe(2);
    expect(freeItemId([{ answerID: 1, en: '', tn: '' }], () => 0.99)).toBe(10);
  });
});

describe('OrderingAnswer', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is put in order by keyboard alone, each move saved and announced, focus staying with the item', async () => {
    const onAnswer = vi.fn();
    const user = userEvent.setup();
    render(<Player onAnswer={onAnswer} />);
    expect(itemsShown()).toEqual(['3', '1', '2']);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    // The first item's Move up is disabled: Tab reaches its Move down first.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Move down: Anaphase' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([1, 3, 2], null);
    expect(itemsShown()).toEqual(['1', '3', '2']);
    expect(status).toHaveTextContent('Anaphase moved to position 2 of 3.');
    expect(screen.getByRole('button', { name: 'Move down: Anaphase' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith([1, 2, 3], null);
    expect(status).toHaveTextContent('Anaphase moved to position 3 of 3.');
    // At the bottom its Move down is disabled: focus moves to its Move up.
    expect(screen.getByRole('button', { name: 'Move up: Anaphase' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move down: Anaphase' })).toBeDisabled();
  });

  it('answers with the order as shown, and shows the correct order once revealed', async () => {
    const onAnswer = vi.fn();
    const user = userEvent.setup();
    const key = { correctAnswerID: null, correctAnswerData: { order: [1, 2, 3] } } as unknown as PracticeAnswer;
    render(<Player onAnswer={onAnswer} practiceKey={key} />);
    await user.click(screen.getByRole('button', { name: 'Answer with this order' }));
    expect(onAnswer).toHaveBeenLastCalledWith([3, 1, 2], null);
    expect(screen.queryByRole('button', { name: 'Answer with this order' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('ordering-key')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Prophase', 'Metaphase', 'Anaphase']);
  });

  it('is locked with the question, and speaks Tamil', async () => {
    await i18n.changeLanguage('tn');
    render(<Player onAnswer={vi.fn()} isLocked />);
    expect(screen.getByRole('button', { name: 'கீழே நகர்த்து: Anaphase' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'உருப்படிகளை வரிசைப்படுத்தவும்' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'இந்த வரிசையை விடையாகக் கொள்' })).not.toBeInTheDocument();
  });
});

describe('an ordering question in the editor', () => {
  function ordering(items: [string, string][]): QuestionFormValues {
    const values = emptyQuestionForm('ordering');
    values.texts.en.data = 'Put the stages of mitosis in order.';
    values.texts.tn = { ...values.texts.tn, isEnabled: true, data: 'இழையுருப்பிரிவின் நிலைகளை வரிசைப்படுத்துக.' };
    values.options = items.map(([en, tn], i) => ({ answerID: [4, 2, 7, 1][i]!, en, tn }));
    return values;
  }
  const mitosis = ordering([
    ['Prophase', 'முன்நிலை'],
    ['Metaphase', 'இடைநிலை'],
    ['Anaphase', 'பின்நிலை'],
  ]);

  it('sends the items with the key as their ids top to bottom, and reads a saved version back in the key’s order', () => {
    expect(checkQuestionForm(mitosis)).toEqual({});
    const body = toCreateBody(mitosis);
    expect(body.correctAnswerData).toEqual({ order: [4, 2, 7] });
    expect(body.texts.tn?.options).toEqual([
      { answerID: 4, answerData: 'முன்நிலை' },
      { answerID: 2, answerData: 'இடைநிலை' },
      { answerID: 7, answerData: 'பின்நிலை' },
    ]);
    // Stored in another order: the editor lists them as the key says.
    const version = { ...body, correctAnswerData: { order: [4, 2, 7] }, defaultLanguage: 'en', texts: { en: { ...body.texts.en, options: [...body.texts.en!.options!].reverse() }, tn: body.texts.tn } };
    const saved = fromAuthoring({ questionType: 'ordering', topics: [], tags: [], difficulty: 'medium', version } as unknown as AuthoringQuestion);
    expect(saved.options.map((o) => [o.answerID, o.en, o.tn])).toEqual([
      [4, 'Prophase', 'முன்நிலை'],
      [2, 'Metaphase', 'இடைநிலை'],
      [7, 'Anaphase', 'பின்நிலை'],
    ]);
  });

  it('previews the items shuffled, never in the key’s order', () => {
    const shown = orderingPreview(mitosis, 'en').answer.map((o) => o.answerID);
    expect(shown).not.toEqual([4, 2, 7]);
    expect([...shown].sort()).toEqual([2, 4, 7]);
  });

  it('names too few items, an empty one and two alike', () => {
    expect(checkQuestionForm(ordering([['a', 'அ'], ['b', 'ஆ']]))).toMatchObject({ options: 'questionOrderingItemsCount' });
    expect(checkQuestionForm(ordering([['a', 'அ'], ['', 'ஆ'], ['c', 'இ']]))).toMatchObject({ 'options.1.en': 'questionOrderingItemsCount' });
    expect(checkQuestionForm(ordering([['a', 'அ'], ['b', 'அ'], ['c', 'இ']]))).toMatchObject({ 'options.1.tn': 'questionOrderingItemsDuplicate' });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import type { PlayerQuestion } from '../shared/player-question';
import { applyPadKey, keyText, sanitiseTyped } from './number-pad-model';
import { NumericalAnswer } from './numerical-answer';

describe('the pad’s rules', () => {
  it('keeps one point, the minus in front, and the length a save takes', () => {
    expect(['1', '.', '5', '.', '0'].reduce(applyPadKey as (t: string, k: string) => string, '')).toBe('1.50');
    expect(applyPadKey('', '.')).toBe('0.');
    expect(applyPadKey('12', '-')).toBe('-12');
    expect(applyPadKey('-12', '-')).toBe('12');
    expect(applyPadKey('12', 'backspace')).toBe('1');
    expect(applyPadKey('12', 'clear')).toBe('');
    expect(applyPadKey('1'.repeat(16), '2')).toBe('1'.repeat(16));
    expect(sanitiseTyped('-3,5a.7-')).toBe('-3.57');
    expect(keyText({ value: 3.14, tolerance: 0.01, unit: 'cm' })).toBe('3.14 ± 0.01 cm');
    expect(keyText({ min: 1, max: 2 })).toBe('1 – 2');
  });
});

const question = { questionID: 9, answerID: null, answerData: null } as unknown as PlayerQuestion;

/** The answer area as the player holds it: the last save becomes the question's answer. */
function Player({ onAnswer, isLocked = false }: { onAnswer: (id: unknown, data: unknown) => void; isLocked?: boolean }) {
  const [current, setCurrent] = useState(question);
  return (
    <NumericalAnswer
      question={current}
      practiceKey={undefined}
      isLocked={isLocked}
      onAnswer={(answerID, answerData) => {
        onAnswer(answerID, answerData);
        setCurrent({ ...current, answerID, answerData });
      }}
    />
  );
}

describe('NumericalAnswer', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is answered with the pad by keyboard alone: Tab to a key, Enter or Space presses it', async () => {
    const onAnswer = vi.fn();
    const user = userEvent.setup();
    render(<Player onAnswer={onAnswer} />);
    const field = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    await user.click(field);
    await user.tab(); // 7
    await user.keyboard('{Enter}');
    await user.tab(); // 8
    await user.tab(); // 9
    await user.tab(); // 4
    await user.tab(); // 5
    await user.tab(); // 6
    await user.tab(); // 1
    await user.tab(); // 2
    await user.tab(); // 3
    await user.tab(); // 0
    await user.tab(); // .
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Decimal point' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}'); // back to 0
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab(); // minus
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('-7.0');
    expect(onAnswer).toHaveBeenLastCalledWith('number', [{ id: 'number', value: '-7.0' }]);
    await user.tab(); // backspace
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('-7.');
    await user.tab(); // clear
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('');
    expect(onAnswer).toHaveBeenLastCalledWith(null, null);
  });

  it('takes typing in the field, keeping only what the pad could enter', async () => {
    const onAnswer = vi.fn();
    const user = userEvent.setup();
    render(<Player onAnswer={onAnswer} />);
    const field = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    await user.type(field, '-');
    expect(field).toHaveValue('-');
    expect(onAnswer).not.toHaveBeenCalled();
    await user.type(field, '12.5x.3');
    expect(field).toHaveValue('-12.53');
    expect(onAnswer).toHaveBeenLastCalledWith('number', [{ id: 'number', value: '-12.53' }]);
  });

  it('is locked with the question, and speaks Tamil', async () => {
    await i18n.changeLanguage('tn');
    render(<Player onAnswer={vi.fn()} isLocked />);
    expect(screen.getByRole('group', { name: 'எண் விசைப்பலகை' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'பின் அழி' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'உங்கள் விடை (ஒரு எண்)' })).toBeDisabled();
  });
});

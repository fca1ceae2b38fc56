import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { stubApi } from '../../../test/stub-api';
import { officeApi } from '../api/office-api';
import { parseResultDesc } from '../model/office-result';
import { OfficeResultDialog } from './office-result-dialog';

function show(percentage: number, unmatched: string[] = []) {
  const onClose = vi.fn();
  render(<OfficeResultDialog popup={{ kind: 'result', percentage, unmatched }} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'RESULT' }), onClose };
}

describe('OfficeResultDialog', { timeout: 20_000 }, () => {
  it('shows the percentage with two decimals and the unmatched items, red at 50 or below', () => {
    const { dialog } = show(33.3333, ['Total in A7', 'Sheet name']);
    const percentage = within(dialog).getByTestId('office-percentage');
    expect(percentage).toHaveTextContent('33.33%');
    expect(percentage).toHaveAttribute('data-colour', 'red');
    expect(within(dialog).getByText('Percentage matched')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Not matched' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Total in A7', 'Sheet name']);
    expect(within(dialog).queryByText('Congrats, you scored full marks.')).toBeNull();
  });

  it.each([
    [50, 'red'],
    [50.01, 'orange'],
    [80, 'orange'],
    [80.5, 'green'],
  ])('at %s it is %s', (percentage, colour) => {
    const { dialog } = show(percentage, ['Formula in A7']);
    expect(within(dialog).getByTestId('office-percentage')).toHaveAttribute('data-colour', colour);
  });

  it('congratulates at 100 instead of listing, and OK closes', async () => {
    const { dialog, onClose } = show(100);
    expect(within(dialog).getByTestId('office-percentage')).toHaveTextContent('100.00%');
    expect(within(dialog).getByTestId('office-percentage')).toHaveAttribute('data-colour', 'green');
    expect(within(dialog).getByText('Congrats, you scored full marks.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says why a file could not be scored, with the server’s reason when it gives one', () => {
    render(<OfficeResultDialog popup={{ kind: 'failed', statusCode: 'FE', message: null }} onClose={() => undefined} />);
    expect(screen.getByTestId('office-result-failed')).toHaveTextContent('The file could not be evaluated: it is damaged, protected, or not the file of this question.');
  });

  it('speaks Tamil', async () => {
    await i18n.changeLanguage('tn');
    try {
      render(<OfficeResultDialog popup={{ kind: 'result', percentage: 100, unmatched: [] }} onClose={() => undefined} />);
      const dialog = screen.getByRole('dialog', { name: 'முடிவு' });
      expect(within(dialog).getByText('பொருந்திய சதவீதம்')).toBeInTheDocument();
      expect(within(dialog).getByText('வாழ்த்துகள், நீங்கள் முழு மதிப்பெண் பெற்றீர்கள்.')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'சரி' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('on the Tamil interface asks for the evaluation in Tamil and shows its rubric items and reason in Tamil', async () => {
    await i18n.changeLanguage('tn');
    try {
      // The server localises the drafted labels for the language the call names.
      const unmatched = ['Sheet1!A7 சூத்திரம்', 'SUM பயன்படுத்தப்பட்டுள்ளது'];
      const api = stubApi(({ path }) =>
        path === '/task/v1/getRunDetailsOffice'
          ? { body: { runID: 'run-1', statusCode: 'EV', questionID: 7, taskID: 3, resultDesc: JSON.stringify({ percentage: 60, unmatched }), message: null, recorded: true } }
          : undefined,
      );
      const details = await officeApi.getRunDetailsOffice('run-1');
      expect(api.calls[0]!.headers.get('language')).toBe('tn');
      render(<OfficeResultDialog popup={{ kind: 'result', ...parseResultDesc(details.resultDesc)! }} onClose={() => undefined} />);
      const dialog = screen.getByRole('dialog', { name: 'முடிவு' });
      const list = within(dialog).getByRole('list', { name: 'பொருந்தாதவை' });
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(unmatched);
    } finally {
      vi.unstubAllGlobals();
      await i18n.changeLanguage('en');
    }
  });

  it('on the Tamil interface gives a failed run’s reason in Tamil when the server sends none', async () => {
    await i18n.changeLanguage('tn');
    try {
      render(<OfficeResultDialog popup={{ kind: 'failed', statusCode: 'TLE', message: null }} onClose={() => undefined} />);
      expect(screen.getByTestId('office-result-failed')).toHaveTextContent('கோப்பை மதிப்பிட முடியவில்லை: மதிப்பீட்டுக்கு அதிக நேரம் ஆனது.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

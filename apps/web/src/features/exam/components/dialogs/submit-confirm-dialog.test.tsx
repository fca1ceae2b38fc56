import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import i18n from 'i18next';
import { SubmitConfirmDialog } from './submit-confirm-dialog';

const physics = { total: 45, answered: 30, notAnswered: 5, notVisited: 6, marked: 2, answeredMarked: 2 };
const chemistry = { total: 45, answered: 0, notAnswered: 0, notVisited: 45, marked: 0, answeredMarked: 0 };

describe('SubmitConfirmDialog', () => {
  it('shows each section’s answered, not answered, not visited and marked questions before the final submit', () => {
    renderWithProviders(
      <SubmitConfirmDialog
        isOpen
        unconfirmed={0}
        sections={[{ name: 'Physics', summary: physics }, { name: 'Chemistry', summary: chemistry }]}
        isSubmitting={false}
        onCancel={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Exam summary' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Section', 'Total', 'Answered', 'Not answered', 'Not visited', 'Marked for review', 'Answered and marked for review (will be evaluated)']);
    const physicsRow = within(table).getByRole('row', { name: /Physics/ });
    expect(within(physicsRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['45', '30', '5', '6', '2', '2']);
    expect(within(within(table).getByRole('row', { name: /Chemistry/ })).getAllByRole('cell')[3]).toHaveTextContent('45');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('is in Tamil', async () => {
    await i18n.changeLanguage('tn');
    try {
      renderWithProviders(<SubmitConfirmDialog isOpen unconfirmed={0} sections={[{ name: 'இயற்பியல்', summary: physics }]} isSubmitting={false} onCancel={vi.fn()} onSubmit={vi.fn()} />);
      expect(await screen.findByRole('table', { name: 'தேர்வுச் சுருக்கம்' })).toHaveTextContent('பார்க்காதவை');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

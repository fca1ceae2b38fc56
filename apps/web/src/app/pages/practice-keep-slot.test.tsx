import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { stubApi } from '../../test/stub-api';
import { PracticeKeepSlot } from './practice-keep-slot';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PracticeKeepSlot (the test player has no query cache of its own)', () => {
  it('loads "Keep in notebook" for the open practice’s question and keeps it by keyboard', async () => {
    const kept = new Set<number>();
    const api = stubApi((call) => {
      if (call.path === '/notebook/v1/kept') return { body: { attemptId: call.query.get('attemptId'), questionTaskMapIDs: [...kept] } };
      if (call.path === '/notebook/v1/addCard') {
        kept.add((call.body as { questionTaskMapID: number }).questionTaskMapID);
        return { message: 'Kept in your notebook', body: null };
      }
      return undefined;
    });
    const user = userEvent.setup();
    render(<PracticeKeepSlot attemptId="practice-1" mapId={41} number={3} />);
    const button = await screen.findByRole('button', { name: 'Keep in notebook (question 3)' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(api.to('GET', '/notebook/v1/kept')[0]!.query.get('attemptId')).toBe('practice-1');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(api.to('POST', '/notebook/v1/addCard')[0]!.body).toEqual({ attemptId: 'practice-1', questionTaskMapID: 41 });
  });

  it('speaks Tamil', async () => {
    stubApi((call) => (call.path === '/notebook/v1/kept' ? { body: { attemptId: 'practice-2', questionTaskMapIDs: [] } } : undefined));
    await i18n.changeLanguage('tn');
    render(<PracticeKeepSlot attemptId="practice-2" mapId={42} number={4} />);
    expect(await screen.findByRole('button', { name: 'குறிப்பேட்டில் சேர் (கேள்வி 4)' })).toBeInTheDocument();
  });
});

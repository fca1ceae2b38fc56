import type { ChallengeList } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { KeyChallengesScreen } from './key-challenges-screen';

const LINK = '/api/files/v1/get?key=challenges%2F7%2Fabc&exp=1900000000&sig=s';

function list(): ChallengeList {
  const challenge = { taskId: 5, questionTaskMapID: 41, status: 'open' as const, createdAt: '2026-11-29T10:00:00Z', decidedAt: null, decisionNote: null };
  return {
    taskId: 5,
    testName: 'Unit test 4',
    questions: [
      {
        questionTaskMapID: 41,
        questionId: 9,
        number: 3,
        title: 'Lens',
        text: '<p>Focal length?</p>',
        options: [{ answerId: 1, label: '10 cm', isKey: true, alsoAccepted: false }],
        award: 'key',
        stats: null,
        openCount: 2,
        challenges: [
          { ...challenge, id: 7, reason: 'See my working.', imageUrl: LINK, studentName: 'Asha S' },
          { ...challenge, id: 8, reason: 'Option 2 is right.', imageUrl: null, studentName: 'Bala S' },
        ],
        decisions: [],
      },
    ],
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('KeyChallengesScreen', () => {
  it('shows a challenge’s picture as a thumbnail named by the question and student, opening full size', async () => {
    stubApi((call) => (call.path === '/challenges/v1/list' ? { body: list() } : undefined));
    renderWithProviders(<KeyChallengesScreen taskId={5} />);
    const image = await screen.findByRole('img', { name: 'Picture sent by Asha S with the challenge of question 3' });
    expect(image).toHaveAttribute('src', LINK);
    const link = screen.getByRole('link', { name: 'Open full size: picture by Asha S, question 3' });
    expect(link).toHaveAttribute('href', LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Bala sent no picture: one thumbnail only.
    expect(screen.getAllByTestId('challenge-image')).toHaveLength(1);
    const bala = screen.getByText('Option 2 is right.').closest('li')!;
    expect(within(bala).queryByRole('img')).toBeNull();
  });

  it('names the picture in Tamil', async () => {
    stubApi((call) => (call.path === '/challenges/v1/list' ? { body: list() } : undefined));
    await i18n.changeLanguage('tn');
    renderWithProviders(<KeyChallengesScreen taskId={5} />);
    expect(await screen.findByRole('img', { name: 'கேள்வி 3-இன் ஆட்சேபனையுடன் Asha S அனுப்பிய படம்' })).toHaveAttribute('src', LINK);
    expect(screen.getByRole('link', { name: 'முழு அளவில் திற: Asha S அனுப்பிய படம், கேள்வி 3' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { newSection } from '../model/test-config-model';
import { QuestionPickerDialog } from './question-picker-dialog';

const QUESTION = {
  questionId: 7,
  questionType: 'singleChoice',
  difficulty: 'medium',
  owner: { kind: 'institute', instituteId: 1, clientId: 'neetprep' },
  topics: [],
  tags: [],
  currentVersion: 1,
  languages: ['en'],
  title: 'Projectile range',
  preview: '',
  marks: 4,
  negativeMarks: 1,
  updatedAt: '2026-11-01T00:00:00.000Z',
  usedIn: [],
};

vi.mock('../../../../lib/api-client', () => ({
  callApi: vi.fn(async (route: { path: string }) =>
    route.path.includes('question-bank') ? { items: [QUESTION], total: 1, page: 1, pageSize: 20 } : { courseID: 1, courseName: 'NEET', topics: [] },
  ),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('QuestionPickerDialog', { timeout: 30_000 }, () => {
  it('shows each question’s kind, difficulty and marks in words, and adds it with what a wrong answer costs', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    renderWithProviders(<QuestionPickerDialog sections={[newSection('Physics')]} courseId={1} onAdd={onAdd} onClose={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Add questions from the bank' });
    expect(await within(list).findByText('Single choice · Medium · +4 / −1')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Add: Projectile range' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ questionId: 7, marks: 4, negativeMarks: 1 }));
  });

  it('says them in Tamil, with no raw difficulty code', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<QuestionPickerDialog sections={[newSection('Physics')]} courseId={1} onAdd={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByText('ஒற்றைத் தேர்வு · நடுத்தரம் · +4 / −1')).toBeInTheDocument();
    expect(screen.queryByText(/medium/)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../config/i18n';
import { renderWithProviders } from '../../../test/render-with-providers';
import { addQuestion, newSection, type EditableSection } from '../model/test-config-model';
import { TestSectionsEditor } from './test-sections-editor';

// The course's topics for the draw rule's topic list.
vi.mock('../../../lib/api-client', () => ({
  callApi: vi.fn(async () => ({ courseID: 1, courseName: 'NEET', topics: [{ topicID: 5, topicName: 'Physics', description: '', totalTasks: 0, completedTasks: 0, progress: 0 }] })),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function initial(): EditableSection[] {
  return addQuestion([newSection('Physics')], 0, { questionId: 11, title: 'Kinematics', preview: '', marks: 4 });
}

describe('TestSectionsEditor', { timeout: 60_000 }, () => {
  it('adds, renames, reorders and turns a section into a random draw from the keyboard, then saves them all', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<TestSectionsEditor initial={initial()} courseId={1} sectionWiseTimer={false} isReadOnly={false} isSaving={false} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const second = screen.getByRole('region', { name: 'Section 2: Section 2' });
    const name = within(second).getByRole('textbox', { name: 'Section name (English)' });
    await user.clear(name);
    await user.type(name, 'Chemistry');
    const chemistry = screen.getByRole('region', { name: 'Section 2: Chemistry' });
    await user.click(within(chemistry).getByRole('combobox', { name: 'Questions' }));
    await user.click(await screen.findByRole('option', { name: 'Random draw for each attempt' }));
    const count = within(chemistry).getByRole('spinbutton', { name: 'Questions to draw' });
    await user.clear(count);
    await user.type(count, '45');
    within(chemistry).getByRole('button', { name: 'Move up: Chemistry' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('46 questions, 184 marks per attempt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save sections' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]![0] as EditableSection[];
    expect(saved.map((s) => [s.name, s.source])).toEqual([
      ['Chemistry', 'draw'],
      ['Physics', 'pick'],
    ]);
    expect(saved[0]!.draw).toMatchObject({ count: 45, marks: 4, negativeMarks: 1 });
  });

  it('shows its labels in Tamil', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<TestSectionsEditor initial={initial()} courseId={1} sectionWiseTimer isReadOnly={false} isSaving={false} onSave={() => undefined} />);
    expect(screen.getByRole('button', { name: 'பிரிவைச் சேர்' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'பிரிவு நிமிடங்கள்' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { addQuestion, newSection, type EditableSection } from '../model/test-config-model';
import { TestSectionsEditor } from './test-sections-editor';

// The course's topics for the draw rule's topic list.
vi.mock('../../../../lib/api-client', () => ({
  callApi: vi.fn(async () => ({ courseID: 1, courseName: 'NEET', topics: [{ topicID: 5, topicName: 'Physics', description: '', totalTasks: 0, completedTasks: 0, progress: 0 }] })),
}));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function initial(): EditableSection[] {
  return addQuestion([newSection('Physics')], 0, { questionId: 11, title: 'Kinematics', preview: '', marks: 4, negativeMarks: 1 });
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

  it('shows the question’s own negative marks while the test keeps them, and sets +4/−1 for a section or the whole test in one action', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const sections = addQuestion(addQuestion([newSection('Physics'), newSection('Chemistry')], 0, { questionId: 11, title: 'Kinematics', preview: '', marks: 1, negativeMarks: 0.25 }), 1, { questionId: 12, title: 'Moles', preview: '', marks: 1, negativeMarks: 0.25 });
    renderWithProviders(<TestSectionsEditor initial={sections} courseId={1} sectionWiseTimer={false} isReadOnly={false} isSaving={false} onSave={onSave} />);
    const physics = screen.getByRole('region', { name: 'Section 1: Physics' });
    // What applies while nothing is typed: the question's own −0.25, not 0.
    expect(within(physics).getByRole('spinbutton', { name: 'Negative marks' })).toHaveAttribute('placeholder', '0.25');

    const group = screen.getByRole('group', { name: 'Marks for every question' });
    await user.click(within(group).getByRole('combobox', { name: 'Apply to' }));
    await user.click(await screen.findByRole('option', { name: 'Section 2: Chemistry' }));
    await user.click(within(group).getByRole('button', { name: 'Apply marks' }));
    const chemistry = screen.getByRole('region', { name: 'Section 2: Chemistry' });
    expect(within(chemistry).getByRole('spinbutton', { name: 'Marks' })).toHaveValue(4);
    expect(within(chemistry).getByRole('spinbutton', { name: 'Negative marks' })).toHaveValue(1);
    expect(within(physics).getByRole('spinbutton', { name: 'Marks' })).toHaveValue(null);
    expect(screen.getByText('2 questions, 5 marks per attempt')).toBeInTheDocument();

    await user.click(within(group).getByRole('combobox', { name: 'Apply to' }));
    await user.click(await screen.findByRole('option', { name: 'The whole test' }));
    await user.click(within(group).getByRole('button', { name: 'Apply marks' }));
    expect(screen.getByText('2 questions, 8 marks per attempt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save sections' }));
    const saved = onSave.mock.calls[0]![0] as EditableSection[];
    expect(saved.flatMap((s) => s.questions.map((q) => [q.questionId, q.marks, q.negativeMarks]))).toEqual([
      [11, 4, 1],
      [12, 4, 1],
    ]);

    // Marks that would let a wrong answer cost more than a right one cannot be applied.
    const negative = within(group).getByRole('spinbutton', { name: 'Negative marks' });
    await user.clear(negative);
    await user.type(negative, '5');
    expect(within(group).getByRole('button', { name: 'Apply marks' })).toBeDisabled();
  });

  it('shows its labels in Tamil', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<TestSectionsEditor initial={initial()} courseId={1} sectionWiseTimer isReadOnly={false} isSaving={false} onSave={() => undefined} />);
    expect(screen.getByRole('button', { name: 'பிரிவைச் சேர்' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'பிரிவு நிமிடங்கள்' })).toBeInTheDocument();
  });
});

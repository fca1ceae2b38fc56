import type { ImportPreview } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi, type StubbedCall } from '../../../test/stub-api';
import { QuestionImport } from './question-import';

afterEach(() => vi.unstubAllGlobals());

const preview = (topicsToCreate: string[] = []): ImportPreview => ({
  format: 'gift',
  total: 3,
  valid: 2,
  invalid: 1,
  unknownTopics: topicsToCreate.length ? [] : ['Cell Biology'],
  topicsToCreate,
  items: [
    { index: 1, line: 9, title: 'Powerhouse', questionType: 'singleChoice', topics: ['Cell Biology'], isValid: true, errors: [], warnings: [] },
    {
      index: 2,
      line: 17,
      title: 'Cell diagram',
      questionType: null,
      topics: [],
      isValid: false,
      errors: [{ field: 'questionType', message: 'GIFT Description questions cannot be imported (supported: multiple choice, true/false, short answer, numerical, essay, matching).' }],
      warnings: [],
    },
    { index: 3, line: 25, title: 'Lens power', questionType: 'numerical', topics: ['Mechanics'], isValid: true, errors: [], warnings: [] },
  ],
});

const job = {
  id: 'job-1',
  kind: 'question-import',
  state: 'succeeded',
  progress: { done: 2, total: 2 },
  errorCount: 1,
  failure: null,
  attempts: 1,
  maxAttempts: 1,
  cancelRequested: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  startedAt: '2026-11-28T10:00:01.000Z',
  finishedAt: '2026-11-28T10:00:02.000Z',
  errors: [],
  result: {
    format: 'gift',
    imported: 2,
    questionIds: [41, 42],
    skipped: [{ index: 2, line: 17, title: 'Cell diagram', errors: [{ field: 'questionType', message: 'GIFT Description questions cannot be imported.' }] }],
    topicsCreated: ['Biology', 'Biology / Cell Biology'],
  },
};

function answer(call: StubbedCall) {
  if (call.path === '/question-bank/v1/import/preview') return { body: preview(call.query.get('topicsCourseId') ? ['Biology', 'Biology / Cell Biology'] : []) };
  if (call.path === '/question-bank/v1/import') return { body: { jobId: 'job-1', format: 'gift', total: 3, toImport: 2 } };
  if (call.path === '/jobs/v1/get') return { body: job };
  if (call.path === '/academy/v1/manage/courses')
    return { body: [{ courseID: 4, courseName: 'NEET Biology', description: '', language: 'en', isPublished: true, isInstituteCourse: true, totalTopics: 0, totalTasks: 0, sortOrder: 1 }] };
  return undefined;
}

const file = () => new File(['::Powerhouse:: ATP? {=Mitochondrion ~Nucleus}'], 'moodle.gift', { type: 'text/plain' });

describe('QuestionImport', { timeout: 30_000 }, () => {
  it('keeps all or nothing by default and imports the valid questions only when the teacher chooses it, listing the skipped', async () => {
    const api = stubApi(answer);
    const user = userEvent.setup();
    renderWithProviders(<QuestionImport onBack={() => {}} questionHref={(id) => `/q/${id}`} onOpen={() => {}} />);
    await user.upload(screen.getByTestId('import-file'), file());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const modes = await screen.findByRole('group', { name: 'What to import' });
    expect(within(modes).getByRole('radio', { name: /^All or nothing/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

    // Keyboard: the arrow moves to the second choice.
    within(modes).getByRole('radio', { name: /^All or nothing/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(modes).getByRole('radio', { name: 'Import the 2 valid questions and skip the 1 with errors' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Import the 2 valid questions' }));
    expect(api.to('POST', '/question-bank/v1/import')[0]!.query.get('mode')).toBe('validOnly');

    expect(await screen.findByText('2 questions imported.')).toBeInTheDocument();
    expect(screen.getByText('1 questions were skipped:')).toBeInTheDocument();
    expect(screen.getByTestId('import-skipped')).toHaveTextContent('No. 2 (line 17), Cell diagram: GIFT Description questions cannot be imported.');
    expect(screen.getByText('Topics created: Biology, Biology / Cell Biology')).toBeInTheDocument();
  });

  it('asks for a course before creating topics and previews the topics it would create there', async () => {
    const api = stubApi(answer);
    const user = userEvent.setup();
    renderWithProviders(<QuestionImport onBack={() => {}} questionHref={(id) => `/q/${id}`} onOpen={() => {}} />);
    await user.upload(screen.getByTestId('import-file'), file());
    await user.click(screen.getByRole('checkbox', { name: /Create the missing topics/ }));
    expect(screen.getByRole('button', { name: 'Check the file' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Course for new topics' }));
    await user.click(await screen.findByRole('option', { name: 'NEET Biology' }));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('These topics will be created in the course:')).toBeInTheDocument();
    expect(screen.getByText('Biology / Cell Biology')).toBeInTheDocument();
    expect(api.to('POST', '/question-bank/v1/import/preview')[0]!.query.get('topicsCourseId')).toBe('4');
  });
});

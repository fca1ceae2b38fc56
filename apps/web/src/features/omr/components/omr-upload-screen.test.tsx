import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OmrUploadScreen } from './omr-upload-screen';

const OPTIONS = {
  courses: [{ id: 1, name: 'NEET Complete Preparation', topics: [{ id: 4, name: 'Mock tests' }], tests: [{ id: 7, name: 'Mock 1', topicId: 4 }] }],
  institutes: [{ id: 3, name: 'Sunrise Academy', classes: [{ id: 5, name: '12', sections: [] }] }],
};
const JOB = {
  id: 'job-1',
  kind: 'omr-recognition',
  state: 'succeeded',
  progress: { done: 2, total: 2 },
  errorCount: 1,
  failure: null,
  attempts: 1,
  maxAttempts: 2,
  cancelRequested: false,
  createdAt: '2026-11-24T10:00:00Z',
  startedAt: '2026-11-24T10:00:01Z',
  finishedAt: '2026-11-24T10:00:02Z',
  errors: [{ item: '2', message: 'No answer sheet found.' }],
  result: {
    taskId: 7,
    pages: [
      { page: 1, status: 'read', testId: 7, rollNumber: '2026000123', rollFlagged: false, studentId: null, bookletCode: 0, answers: [0, null, 'invalid'], flaggedQuestions: [2] },
      { page: 2, status: 'error', testId: null, rollNumber: null, rollFlagged: true, studentId: null, bookletCode: null, answers: [], flaggedQuestions: [] },
    ],
  },
};

const SUMMARY = {
  taskId: 7,
  source: 'staff',
  rollFlagged: false,
  answered: 2,
  scored: null,
  total: null,
  uploadedAt: '2026-11-24T10:00:02Z',
  publishedOnce: false,
};
const HELD = { ...SUMMARY, id: 11, page: 1, state: 'held', rollNumber: '2026000123', student: null, toCheck: 0 };
const FLAGGED = { ...SUMMARY, id: 12, page: 3, state: 'toCheck', rollNumber: '42', student: { id: 9, name: 'Anu Kannan', rollNumber: '42' }, toCheck: 1 };
const REVIEW = { taskId: 7, questionCount: 3, sheets: [HELD, FLAGGED] };
const DETAIL = {
  ...FLAGGED,
  answers: [0, null, 'invalid'],
  flagged: [{ question: 2, read: 'invalid', crop: 'data:image/png;base64,AAAA' }],
  corrected: [],
  rollCrop: 'data:image/png;base64,BBBB',
  studentDiffers: [{ question: 0, staff: 0, student: 3 }],
};

function stubServer() {
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      if (typeof init?.body === 'string') bodies[url.pathname] = JSON.parse(init.body);
      let body: unknown = null;
      if (url.pathname.endsWith('/schedules/v1/options')) body = OPTIONS;
      if (url.pathname.endsWith('/omr/v1/upload')) body = { jobId: 'job-1', pages: 2 };
      if (url.pathname.endsWith('/jobs/v1/get')) body = JOB;
      if (url.pathname.endsWith('/omr/v1/review')) body = REVIEW;
      if (url.pathname.endsWith('/omr/v1/sheet')) body = DETAIL;
      if (url.pathname.endsWith('/omr/v1/candidates')) body = [];
      if (url.pathname.endsWith('/omr/v1/correct')) body = { ...DETAIL, state: 'ready', toCheck: 0, flagged: [{ ...DETAIL.flagged[0], decided: 1 }] };
      if (url.pathname.endsWith('/omr/v1/publish')) body = { created: 1, updated: 0, unchanged: 0, held: 1, toCheck: 0 };
      return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return Object.assign(calls, { bodies });
}

afterEach(() => vi.unstubAllGlobals());

describe('OmrUploadScreen', { timeout: 30_000 }, () => {
  it('uploads a scan, lists the test’s sheets, confirms a flagged bubble from its crop and publishes', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithProviders(<OmrUploadScreen />);
    await user.click(await screen.findByRole('combobox', { name: /Test/ }));
    await user.click(await screen.findByRole('option', { name: 'NEET Complete Preparation — Mock 1' }));
    await user.upload(screen.getByLabelText('Scanned file'), new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload and read' }));
    const table = await screen.findByRole('table', { name: '3. Review and publish' });
    expect(calls).toContain('/api/omr/v1/upload?taskId=7');
    expect(within(table).getByText(/Held: no student/)).toBeInTheDocument();
    expect(within(table).getByText('Anu Kannan')).toBeInTheDocument();
    expect(await screen.findByText(/No answer sheet found/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open sheet of page 3, Anu Kannan' }));
    // What was read for every question, not only the flagged ones.
    const read = await screen.findByRole('list', { name: 'Answers as read' });
    expect(within(read).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1: A', '2: None', '3: Invalid']);
    expect(await screen.findByRole('img', { name: 'Question 3 as marked on the sheet' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    const choices = screen.getByRole('radiogroup', { name: 'Question 3 (read as Invalid)' });
    expect(within(choices).getByRole('radio', { name: 'Invalid' })).toBeChecked();
    await user.click(within(choices).getByRole('radio', { name: 'B' }));
    await user.click(screen.getByRole('button', { name: 'Confirm answers' }));
    expect(await screen.findByText('Answers saved.')).toBeInTheDocument();
    expect(calls.bodies['/api/omr/v1/correct']).toEqual({ sheetId: 12, corrections: [{ question: 2, answer: 1 }] });
    // The student's own upload read question 1 differently.
    const differs = screen.getByRole('table', { name: 'Student’s own upload' });
    expect(within(differs).getByText('D')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    expect(await screen.findByText(/Published: 1 new, 0 updated/)).toBeInTheDocument();
    expect(calls.bodies['/api/omr/v1/publish']).toEqual({ taskId: 7 });
  });

  it('keeps upload disabled until a test and a file are chosen', async () => {
    stubServer();
    renderWithProviders(<OmrUploadScreen />);
    expect(await screen.findByRole('button', { name: 'Upload and read' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download sheets (PDF)' })).toBeDisabled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OmrStudentScreen } from './omr-student-screen';

const TESTS = [
  { id: 7, name: 'Mock 1', courseName: 'NEET', isPractice: false, questionCount: 3 },
  { id: 8, name: 'Drill', courseName: 'NEET', isPractice: true, questionCount: 3 },
];
const READ = { id: 31, taskId: 8, isPractice: true, rollNumber: '42', rollMismatch: false, answers: [1, null, 'invalid'], flaggedQuestions: [1], submitted: false, result: null };

function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      let body: unknown = null;
      if (url.pathname.endsWith('/omr/v1/myTests')) body = TESTS;
      if (url.pathname.endsWith('/omr/v1/myUpload')) body = READ;
      if (url.pathname.endsWith('/omr/v1/mySubmit')) body = { ...READ, submitted: true, result: { scored: 3, total: 12, attemptId: 'a-1', courseId: 2 } };
      return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('OmrStudentScreen', { timeout: 30_000 }, () => {
  it('reads the student’s sheet, highlights unclear bubbles, and shows a practice sheet’s marks with its feedback report', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithProviders(<OmrStudentScreen />);
    await user.click(await screen.findByRole('combobox', { name: /Test/ }));
    await user.click(await screen.findByRole('option', { name: 'NEET — Drill (practice)' }));
    expect(screen.getByRole('button', { name: 'Print my answer sheet (PDF)' })).toBeEnabled();
    await user.upload(screen.getByLabelText('Photo or scan of your sheet'), new File(['x'], 'sheet.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Read my sheet' }));
    const answers = await screen.findByRole('list', { name: 'Your answers' });
    const items = within(answers).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Q1: B', 'Q2: Noneunclear', 'Q3: Invalid']);
    expect(items[1]).toHaveAttribute('data-flagged', 'true');
    expect(calls).toContain('/api/omr/v1/myUpload?taskId=8');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Marked: you scored 3 of 12.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the feedback report' })).toHaveAttribute('href', '/report?courseId=2&taskId=8&attemptId=a-1');
  });
});

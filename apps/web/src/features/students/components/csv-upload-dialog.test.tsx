import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CsvUploadDialog } from './csv-upload-dialog';

const BAD = {
  total: 3,
  valid: 1,
  errors: [
    { row: 3, column: 'username', message: 'This value appears on another row of the file (row 2).' },
    { row: 3, column: 'phone', message: 'Phone number is not valid' },
    { row: 4, column: 'class', message: 'No class of this name in the institute.' },
  ],
  sample: [],
};
const GOOD = { total: 2, valid: 2, errors: [], sample: [] };

/** The real client against a stubbed fetch answering the preview call in the server's envelope. */
function stubPreview(...answers: unknown[]) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'Success', body: answers.shift() }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('CsvUploadDialog', () => {
  it('shows the template, each bad row with its problems, and allows the import only for a clean file', { timeout: 60_000 }, async () => {
    const fetchMock = stubPreview(BAD, GOOD);
    const user = userEvent.setup();
    renderWithProviders(<CsvUploadDialog onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Upload students from a CSV file' });
    expect(within(dialog).getByRole('cell', { name: 'username' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download an example file' })).toHaveAttribute('download', 'students-example.csv');
    const check = within(dialog).getByRole('button', { name: 'Check file' });
    expect(check).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Choose CSV file'), new File(['username\n'], 'roster.csv', { type: 'text/csv' }));
    await user.click(check);
    expect(await within(dialog).findByText(/1 of 3 rows are ready\./)).toBeInTheDocument();
    const row3 = within(dialog).getByTestId('csv-row-3');
    expect(row3).toHaveTextContent('username: This value appears on another row of the file (row 2).');
    expect(row3).toHaveTextContent('phone: Phone number is not valid');
    expect(within(dialog).getByTestId('csv-row-4')).toHaveTextContent('No class of this name in the institute.');
    expect(within(dialog).getByRole('button', { name: /^Import/ })).toBeDisabled();
    const sent = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(sent[0])).toContain('/students/v1/previewCSV');
    expect(sent[1].body).toBeInstanceOf(FormData);

    await user.type(within(dialog).getByLabelText('Institutes (optional)'), 'x');
    expect(check).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Institutes (optional)'));
    await user.type(within(dialog).getByLabelText('Institutes (optional)'), '4');
    await user.click(check);
    expect(await within(dialog).findByText('2 of 2 rows are ready.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 students' })).toBeEnabled();
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body as FormData).toSatisfy((form: FormData) => form.get('InstitutionId') === '4');
  });

  it('lists the students whose set-password message did not go out and sends their links again', { timeout: 60_000 }, async () => {
    const answers: Record<string, unknown> = {
      previewCSV: GOOD,
      uploadCSV: { jobId: 'job-1', total: 2 },
      'jobs/v1/get': { id: 'job-1', kind: 'student-import', state: 'succeeded', progress: { done: 2, total: 2 }, result: { imported: 2, mailed: 0, texted: 0, unsent: ['asha', 'bala'] }, failure: null, createdAt: '2026-11-28T10:00:00.000Z', finishedAt: '2026-11-28T10:00:01.000Z' },
      sendWelcomeLinks: { mailed: 1, texted: 0, unsent: ['bala'] },
    };
    const fetchMock = vi.fn(async (url: string) => {
      const key = Object.keys(answers).find((k) => String(url).includes(k))!;
      const message = key === 'sendWelcomeLinks' ? 'The links have been sent again.' : 'Success';
      return new Response(JSON.stringify({ status: true, message, body: answers[key] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<CsvUploadDialog onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Upload students from a CSV file' });
    await user.upload(within(dialog).getByLabelText('Choose CSV file'), new File(['username\n'], 'roster.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 students' }));
    expect(await within(dialog).findByText('2 students imported.')).toBeInTheDocument();
    expect(within(dialog).getByText('The set-password message did not go out to 2 of them: asha, bala.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send their links again' }));
    expect(await within(dialog).findByText('The set-password message did not go out to 1 of them: bala.')).toBeInTheDocument();
    const resend = fetchMock.mock.calls.find(([url]) => String(url).includes('sendWelcomeLinks')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(resend[1].body))).toEqual({ usernames: ['asha', 'bala'] });
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { emptyQuestionForm, type QuestionFormValues } from './form-values';
import { OfficeFilesPanel } from './office-files-panel';

const calls: { path: string; query?: unknown; body?: unknown }[] = [];
vi.mock('../../lib/api-client', () => ({
  callApi: vi.fn(async (route: { path: string }, options: { query?: unknown; body?: unknown }) => {
    calls.push({ path: route.path, query: options.query, body: options.body });
    if (route.path.endsWith('/questionFile')) {
      const purpose = (options.query as { purpose: string }).purpose;
      return { fileKey: `office/${purpose}-key`, size: 120, rubric: purpose === 'solution' ? '{"kind":"xlsx","checks":[]}' : null };
    }
    return { percentage: 100, unmatched: [], checks: [], elapsedMs: 4 };
  }),
}));

const form: { values: () => QuestionFormValues } = { values: () => emptyQuestionForm('xlsx') };
const values = () => form.values();
function Harness({ questionId }: { questionId: number | null }) {
  const form = useForm<QuestionFormValues>({ defaultValues: emptyQuestionForm('xlsx') });
  const { getValues } = form;
  useEffect(() => exposeValues(getValues), [getValues]);
  return <OfficeFilesPanel kind="xlsx" questionId={questionId} control={form.control} setValue={form.setValue} getValues={form.getValues} isDisabled={false} />;
}
function exposeValues(getValues: () => QuestionFormValues) {
  form.values = getValues;
}
const xlsx = (name: string) => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('OfficeFilesPanel', () => {
  it('stores the start and solution files, takes the rubric drafted from the solution, and checks the solution against itself', async () => {
    renderWithProviders(<Harness questionId={42} />);
    fireEvent.change(screen.getByLabelText('Upload the start file', { selector: 'input' }), { target: { files: [xlsx('start.xlsx')] } });
    await waitFor(() => expect(values().startFileUrl).toBe('office/start-key'));
    fireEvent.change(screen.getByLabelText('Upload the solution file', { selector: 'input' }), { target: { files: [xlsx('solution.xlsx')] } });
    await waitFor(() => expect(values().solution).toBe('office/solution-key'));
    expect(values().rubric).toBe('{"kind":"xlsx","checks":[]}');
    expect(calls.filter((c) => c.path.endsWith('/questionFile')).map((c) => c.query)).toEqual([
      { kind: 'xlsx', purpose: 'start' },
      { kind: 'xlsx', purpose: 'solution' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Evaluate the solution against itself' }));
    expect(await screen.findByTestId('office-self-check')).toHaveTextContent('The solution scores 100.00 % against itself.');
    expect(calls.at(-1)).toMatchObject({ path: expect.stringMatching(/checkQuestion$/), body: { questionId: 42, rubric: '{"kind":"xlsx","checks":[]}' } });
  });

  it('asks for the question to be saved before the self-check', () => {
    renderWithProviders(<Harness questionId={null} />);
    expect(screen.getByRole('button', { name: 'Evaluate the solution against itself' })).toBeDisabled();
    expect(screen.getByText(/Save the question first/)).toBeInTheDocument();
  });
});

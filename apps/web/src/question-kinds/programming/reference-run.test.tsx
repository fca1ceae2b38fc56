import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { emptyQuestionForm, type QuestionFormValues } from '../shared/form-values';
import { ReferenceRun } from './reference-run';

function Harness({ values }: { values: QuestionFormValues }) {
  const { control } = useForm<QuestionFormValues>({ defaultValues: values });
  return <ReferenceRun control={control} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('ReferenceRun', { timeout: 30_000 }, () => {
  it('runs the solution on the sample and hidden cases and shows each verdict', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        status: true,
        message: '',
        body: {
          verdict: 'WA',
          passed: 1,
          total: 2,
          compileOutput: '',
          message: null,
          cases: [
            { index: 0, verdict: 'AC', passed: true, timeMs: 12, stdout: '5\n', stderr: '' },
            { index: 1, verdict: 'WA', passed: false, timeMs: 14, stdout: '0\n', stderr: '' },
          ],
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const values = emptyQuestionForm('programming');
    values.programming.allowedLanguages = ['Python', 'C'];
    values.solution = 'print(sum(map(int, input().split())))';
    values.sampleCases = [{ input: '2 3', output: '5' }];
    values.hiddenCases = [{ input: '999 999', output: '1998' }];
    renderWithProviders(<Harness values={values} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run on all cases' }));
    expect(await screen.findByText('WA: 1 of 2 cases passed.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Sample 1' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Hidden 1' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // The first allowed language, in the runner's order.
    expect(JSON.parse(init.body as string)).toMatchObject({
      language: 'C',
      cases: [{ input: '2 3', output: '5' }, { input: '999 999', output: '1998' }],
      timeLimitMs: 2000,
    });
  });

  it('cannot run without a solution or a case', async () => {
    renderWithProviders(<Harness values={emptyQuestionForm('programming')} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run on all cases' })).toBeDisabled());
  });
});

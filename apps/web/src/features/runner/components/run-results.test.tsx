import type { RunResultDesc } from '@app/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunResults } from './run-results';

const customRun: RunResultDesc = {
  verdict: 'AC',
  passed: 0,
  total: 0,
  cases: [{ index: 0, verdict: 'AC', passed: null, timeMs: 12, memoryKb: 8000, input: '40 2\n', stdout: '42\n', stderr: '' }],
};

const sampleRun: RunResultDesc = {
  verdict: 'AC',
  passed: 1,
  total: 1,
  cases: [{ index: 0, verdict: 'AC', passed: true, timeMs: 12, memoryKb: 8000, input: '2 3\n', expectedOutput: '5\n', stdout: '5\n', stderr: '' }],
};

describe('run results', () => {
  it('calls a custom-input run "Ran" (nothing to compare with) and shows its output in a named box', () => {
    render(<RunResults type="run" statusCode="AC" result={customRun} />);
    expect(screen.getByTestId('run-verdict')).toHaveTextContent('Ran');
    expect(screen.queryByText('Accepted')).not.toBeInTheDocument();
    expect(screen.queryByTestId('run-passed')).not.toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Your output' })).toHaveTextContent('42');
    expect(screen.getByRole('figure', { name: 'Input' })).toHaveTextContent('40 2');
  });

  it('still says "Accepted" with the passed count when sample cases were compared', () => {
    render(<RunResults type="run" statusCode="AC" result={sampleRun} />);
    expect(screen.getByTestId('run-verdict')).toHaveTextContent('Accepted');
    expect(screen.getByTestId('run-passed')).toHaveTextContent('1');
    expect(screen.getByRole('figure', { name: 'Expected output' })).toHaveTextContent('5');
  });

  it('keeps a failing verdict of a custom-input run', () => {
    render(<RunResults type="run" statusCode="RE" result={{ ...customRun, verdict: 'RE', cases: [{ ...customRun.cases[0]!, verdict: 'RE' }] }} />);
    expect(screen.getByTestId('run-verdict')).toHaveTextContent('Runtime error');
  });
});

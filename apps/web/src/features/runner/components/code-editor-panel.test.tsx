import type { RunDetails, RunStatusCode } from '@app/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { CodeRunApi } from '../hooks/use-code-run';
import { storedResultDesc, type ProgramAnswer } from '../model/program-answer';
import { CodeEditorPanel, type CodeEditorPanelProps } from './code-editor-panel';

// jsdom has no layout; CodeMirror measures text ranges after each update.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

const STUB = 'a, b = map(int, input().split())\n';
const SOLUTION = 'a, b = map(int, input().split())\nprint(a + b)\n';

function details(statusCode: RunStatusCode, type: 'run' | 'submit' = 'run'): RunDetails {
  return {
    runID: 'run-1',
    statusCode,
    type,
    languageID: 'Python',
    questionID: 7,
    sourceCode: STUB,
    resultDesc:
      statusCode === 'PE'
        ? null
        : { verdict: statusCode as 'AC', passed: 1, total: 1, cases: [{ index: 0, verdict: 'AC', passed: true, timeMs: 31, memoryKb: 9000, input: '2 3\n', expectedOutput: '5\n', stdout: '5\n', stderr: '' }] },
  };
}

function fakeApi(statuses: RunStatusCode[], type: 'run' | 'submit' = 'run') {
  return {
    startRun: vi.fn(async () => ({ runID: 'run-1' })),
    getRunDetails: vi.fn(async () => details(statuses.shift() ?? 'AC', type)),
  } satisfies CodeRunApi;
}

function renderPanel(overrides: Partial<CodeEditorPanelProps> & { stubs?: Record<string, string>; allowed?: string[] } = {}) {
  const onAnswer = vi.fn();
  const onAdvance = vi.fn();
  const { stubs = { Python: STUB }, allowed = ['Ruby', 'Python'], ...props } = overrides;
  renderWithProviders(
    <CodeEditorPanel
      taskID={3}
      TestSessionID="session-1"
      question={{ questionID: 7, questionDetails: { codeStubs: stubs, allowedLanguages: allowed }, sampleInputOutputs: [{ inputData: '2 3\n' }], answerData: null }}
      isLocked={false}
      userEmail="student@example.com"
      onAnswer={onAnswer}
      onAdvance={onAdvance}
      {...props}
    />,
  );
  return { onAnswer, onAdvance };
}

const editorText = () => screen.getByTestId('code-editor-content').textContent ?? '';
const run = () => screen.getByRole('button', { name: 'Run' });
const submit = () => screen.getByRole('button', { name: 'Submit code' });

// Mounting CodeMirror and MUI selects in jsdom is slow on a busy machine.
describe('CodeEditorPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens with the stub of the first allowed language, in the product order', () => {
    renderPanel();
    expect(editorText()).toContain('a, b = map(int, input().split())');
    expect(screen.getByTestId('language-select')).toHaveValue('Python');
  });

  it('switches the language to that language’s stub', () => {
    renderPanel({ stubs: { Python: STUB, Ruby: 'a, b = gets.split.map(&:to_i)\n' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Ruby' }));
    expect(editorText()).toContain('gets.split');
    expect(screen.getByTestId('code-editor-content')).toHaveAttribute('aria-label', 'Program in Ruby');
  });

  it('offers only the allowed languages', () => {
    renderPanel({ allowed: ['Ruby', 'C'] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['C', 'Ruby']);
  });

  it('disables Run and Submit while the editor is empty', () => {
    renderPanel({ stubs: {} });
    expect(run()).toBeDisabled();
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Write your program to run or submit it.')).toBeInTheDocument();
  });

  it('runs, polls while pending, shows each case and hands the answer to the player', async () => {
    const api = fakeApi(['PE', 'AC']);
    const { onAnswer, onAdvance } = renderPanel({ api });
    fireEvent.click(run());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api.startRun).toHaveBeenCalledWith({ taskID: 3, questionID: 7, languageID: 'Python', sourceCode: STUB, type: 'run' });
    expect(screen.getByTestId('run-progress')).toHaveTextContent('Running your program… 15 s');
    expect(run()).toBeDisabled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(700 + 3_000);
    });
    expect(api.getRunDetails).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('run-verdict')).toHaveTextContent('Accepted');
    expect(screen.getByTestId('run-passed')).toHaveTextContent('1 of 1 test cases passed');
    const testCase = screen.getByTestId('run-case');
    expect(testCase).toHaveTextContent('Passed');
    expect(testCase).toHaveTextContent('31 ms');
    expect(testCase).toHaveTextContent('9000 KB');
    expect(within(testCase).getByLabelText('Your output')).toHaveTextContent('5');
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ sourceCode: STUB, programmingLanguageMasterID: 'Python', runID: 'run-1', statusCode: 'AC', questionID: 7 }));
    expect(onAdvance).not.toHaveBeenCalled();
  });

  it('sends the custom input with a Run, prefilled from the sample', async () => {
    const api = fakeApi(['AC']);
    renderPanel({ api });
    fireEvent.click(screen.getByLabelText('Run with custom input'));
    expect(screen.getByLabelText('Custom input')).toHaveValue('2 3\n');
    fireEvent.change(screen.getByLabelText('Custom input'), { target: { value: '40 2' } });
    fireEvent.click(run());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api.startRun).toHaveBeenCalledWith(expect.objectContaining({ type: 'run', customInput: '40 2' }));
  });

  it('submits with the session, then advances', async () => {
    const api = fakeApi(['AC'], 'submit');
    const { onAnswer, onAdvance } = renderPanel({ api });
    fireEvent.click(submit());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(700);
    });
    expect(api.startRun).toHaveBeenCalledWith({ taskID: 3, questionID: 7, languageID: 'Python', sourceCode: STUB, type: 'submit', TestSessionID: 'session-1' });
    const answer = onAnswer.mock.calls[0]![0] as ProgramAnswer;
    expect(JSON.parse(answer.resultDesc!)).toMatchObject({ type: 'submit', verdict: 'AC' });
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('reuses an unchanged submission without a new run', async () => {
    const saved: ProgramAnswer = {
      sourceCode: SOLUTION,
      programmingLanguageMasterID: 'Python',
      resultDesc: storedResultDesc('submit', details('AC', 'submit').resultDesc),
      runID: 'run-0',
      statusCode: 'AC',
      questionID: 7,
    };
    const api = fakeApi(['AC']);
    const onAnswer = vi.fn();
    const onAdvance = vi.fn();
    renderWithProviders(
      <CodeEditorPanel
        taskID={3}
        TestSessionID="session-1"
        question={{ questionID: 7, questionDetails: { codeStubs: { Python: STUB }, allowedLanguages: ['*'] }, answerData: saved }}
        isLocked={false}
        userEmail={null}
        onAnswer={onAnswer}
        onAdvance={onAdvance}
        api={api}
      />,
    );
    expect(editorText()).toContain('print(a + b)');
    // The saved result is shown again.
    expect(screen.getByTestId('run-verdict')).toHaveTextContent('Accepted');
    fireEvent.click(submit());
    expect(api.startRun).not.toHaveBeenCalled();
    expect(onAnswer).toHaveBeenCalledWith(saved);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('editor-notice')).toHaveTextContent('already submitted unchanged');
  });

  it('keeps everything as it was when the run cannot start', async () => {
    const api = fakeApi([]);
    api.startRun.mockRejectedValueOnce(new ApiError('The code runner is not available right now.', 'RUNNER_UNAVAILABLE', 503));
    const { onAnswer, onAdvance } = renderPanel({ api });
    fireEvent.click(submit());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('run-error')).toHaveTextContent('The code runner is not available right now.');
    expect(editorText()).toContain('a, b = map(int, input().split())');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(onAdvance).not.toHaveBeenCalled();
    expect(submit()).toBeEnabled();
  });

  it('stops loading when a poll fails', async () => {
    const api = fakeApi([]);
    api.getRunDetails.mockRejectedValueOnce(new ApiError('', 'NETWORK', 0));
    const { onAnswer } = renderPanel({ api });
    fireEvent.click(run());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(700);
    });
    expect(screen.queryByTestId('run-progress')).not.toBeInTheDocument();
    expect(screen.getByTestId('run-error')).toHaveTextContent('The code runner could not be reached.');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(run()).toBeEnabled();
  });

  it('Reset puts the stub back after confirmation', async () => {
    const saved = { sourceCode: SOLUTION, programmingLanguageMasterID: 'Python', resultDesc: null, runID: null, statusCode: null, questionID: 7 };
    renderWithProviders(
      <CodeEditorPanel
        taskID={3}
        TestSessionID="session-1"
        question={{ questionID: 7, questionDetails: { codeStubs: { Python: STUB }, allowedLanguages: ['Python'] }, answerData: saved }}
        isLocked={false}
        userEmail={null}
        onAnswer={vi.fn()}
      />,
    );
    expect(editorText()).toContain('print(a + b)');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(editorText()).not.toContain('print(a + b)');
    expect(editorText()).toContain('a, b = map(int, input().split())');
  });

  it('blocks pasting for students and shows why', () => {
    renderPanel({ userEmail: 'student@example.com' });
    const event = new Event('paste', { bubbles: true, cancelable: true });
    act(() => {
      screen.getByTestId('code-editor-content').dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByTestId('editor-notice')).toHaveTextContent('Pasting is turned off');
  });

  it('lets staff on the configured e-mail domain paste', () => {
    renderPanel({ userEmail: 'Teacher@NeetPrep.edu', staffEmailDomain: 'neetprep.edu' });
    act(() => {
      screen.getByTestId('code-editor-content').dispatchEvent(new Event('paste', { bubbles: true, cancelable: true }));
    });
    expect(screen.queryByTestId('editor-notice')).not.toBeInTheDocument();
  });

  it('locks the editor once the answer is shown, and Run and Submit code leave the screen', () => {
    renderPanel({ isLocked: true });
    expect(screen.getByTestId('code-editor-content')).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByText('The answer is shown, so this program can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();
  });

  it('names its submit "Submit code", apart from the player\'s Submit', () => {
    renderPanel();
    expect(submit()).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('IsEditorAllowed picks the variant: the enhanced editor has ten themes and folding, the standard one nine and no aids', () => {
    const themeOptions = () => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Theme' }));
      const names = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
      fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
      return names;
    };
    renderPanel({ variant: 'enhanced' });
    expect(screen.getByTestId('code-editor')).toHaveAttribute('data-variant', 'enhanced');
    expect(themeOptions()).toHaveLength(10);
    expect(screen.getByTestId('code-editor').querySelector('.cm-foldGutter')).not.toBeNull();
    expect(screen.getByTestId('code-editor').querySelector('.cm-activeLine')).not.toBeNull();
  });

  it('the standard variant offers nine themes and falls back to Light for a theme only the other has', () => {
    localStorage.setItem('codeEditorTheme', 'cool-glow');
    renderPanel({ variant: 'standard' });
    expect(screen.getByTestId('code-editor')).toHaveAttribute('data-variant', 'standard');
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveTextContent(/^Light/);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Theme' }));
    const names = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(names).toHaveLength(9);
    expect(names.join(' ')).not.toContain('Cool Glow');
    expect(screen.getByTestId('code-editor').querySelector('.cm-foldGutter')).toBeNull();
    expect(screen.getByTestId('code-editor').querySelector('.cm-activeLine')).toBeNull();
  });
});

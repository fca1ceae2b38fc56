import { OFFICE_ERRORS, type OfficeFile, type OfficeRunDetails } from '@app/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { OfficeApi } from '../api/office-api';
import { OfficeQuestionPanel, type OfficeQuestion } from './office-question-panel';
import type { SpreadsheetEditorProps } from './spreadsheet-editor';

// The sheet itself (canvas) is exercised in the browser journey; here a stand-in reports one edit
// and exports what it was given.
const sheetEdits: Array<() => void> = [];
vi.mock('./lazy-spreadsheet-editor', () => ({
  LazySpreadsheetEditor: ({ exporterRef, onEdit, label, isReadOnly }: SpreadsheetEditorProps) => {
    useEffect(() => {
      if (exporterRef) exporterRef.current = async () => new Blob(['edited workbook']);
      if (onEdit) sheetEdits.push(onEdit);
    }, [exporterRef, onEdit]);
    return <div role="region" aria-label={label} data-readonly={String(isReadOnly)} />;
  },
}));

function officeFile(overrides: Partial<OfficeFile> = {}): OfficeFile {
  return {
    path: 'file-1',
    kind: 'docx',
    taskID: 3,
    questionID: 7,
    TestSessionID: 'attempt-1',
    fileName: 'question-7.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    size: 2048,
    version: 1,
    origin: 'start',
    savedAt: null,
    downloadUrl: '/files/x',
    editor: 'builtin',
    solutionAvailable: false,
    editable: true,
    ...overrides,
  };
}

function runDetails(percentage: number, unmatched: string[]): OfficeRunDetails {
  return { runID: 'run-1', statusCode: 'EV', questionID: 7, taskID: 3, resultDesc: JSON.stringify({ percentage, unmatched }), message: null, recorded: true };
}

function makeApi(file: OfficeFile) {
  return {
    workingCopy: vi.fn(async () => file),
    download: vi.fn(async () => ({ blob: new Blob(['start']), fileName: file.fileName, headers: new Headers() })),
    upload: vi.fn(async () => ({ ...file, version: file.version + 1, origin: 'upload' as const, savedAt: '2026-11-24T10:00:00.000Z' })),
    solution: vi.fn(async () => ({ blob: new Blob(['solution']), fileName: 'solution.docx', headers: new Headers() })),
    editorConfig: vi.fn(),
    solutionEditorConfig: vi.fn(),
    runOffice: vi.fn(async () => ({ runID: 'run-1' })),
    getRunDetailsOffice: vi.fn(async () => runDetails(100, [])),
  } satisfies Record<keyof OfficeApi, unknown>;
}

function question(kind: 'xlsx' | 'docx' | 'pptx' = 'docx', instructions: string | null = null): OfficeQuestion {
  return {
    questionID: 7,
    questionType: kind,
    questionTitle: 'Office skills',
    questionData: 'Create a document with the heading “Cell Organelles”.',
    contentType: 'text',
    instructions,
    answerData: null,
  };
}

function renderPanel({ api, kind = 'docx', isLocked = false, instructions = null }: { api: ReturnType<typeof makeApi>; kind?: 'xlsx' | 'docx' | 'pptx'; isLocked?: boolean; instructions?: string | null }) {
  const onAnswer = vi.fn();
  render(
    <OfficeQuestionPanel
      taskID={3}
      TestSessionID="attempt-1"
      question={question(kind, instructions)}
      isLocked={isLocked}
      user={{ email: 'priya.r@demo.neetprep.local', userName: 'student' }}
      getActiveQuestionID={() => 7}
      onAnswer={onAnswer}
      api={api as unknown as OfficeApi}
      autosaveDelayMs={50}
    />,
  );
  return { onAnswer };
}

afterEach(() => {
  sheetEdits.length = 0;
  vi.useRealTimers();
});

// Rendering MUI in jsdom is slow on a busy machine: these interaction tests get more than the default 5 s.
describe('OfficeQuestionPanel', { timeout: 20_000 }, () => {
  it('asks for the working copy with the editor user name from the e-mail, and shows Editor and Evaluate tabs but no Solution when the review setting hides it', async () => {
    const api = makeApi(officeFile());
    renderPanel({ api });
    await screen.findByRole('button', { name: 'Download your document' });
    expect(api.workingCopy).toHaveBeenCalledWith(expect.objectContaining({ taskID: 3, questionID: 7, TestSessionID: 'attempt-1', username: 'priya.r' }));
    const tabs = screen.getByRole('tablist', { name: 'Work on the file' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Editor', 'Evaluate']);
    expect(screen.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers the solution in a tab when allowed, loading it only when opened', async () => {
    const api = makeApi(officeFile({ solutionAvailable: true }));
    renderPanel({ api });
    const solutionTab = await screen.findByRole('tab', { name: 'Solution' });
    expect(api.solution).not.toHaveBeenCalled();
    await userEvent.click(solutionTab);
    expect(await screen.findByRole('button', { name: 'Download the solution file' })).toBeEnabled();
    expect(api.solution).toHaveBeenCalledWith({ taskID: 3, questionID: 7, TestSessionID: 'attempt-1' });
  });

  it('uploads a document and shows the server’s refusal as it is (a file of another question)', async () => {
    const api = makeApi(officeFile());
    const foreign = OFFICE_ERRORS.OFFICE_UPLOAD_FOREIGN.message.en;
    api.upload.mockRejectedValueOnce(new ApiError(foreign, 'OFFICE_UPLOAD_FOREIGN', 409));
    renderPanel({ api });
    await screen.findByRole('button', { name: 'Upload your document' });
    const input = screen.getByTestId('office-upload-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'other.docx')] } });
    expect(await screen.findByTestId('office-file-notice')).toHaveTextContent(foreign);

    fireEvent.change(input, { target: { files: [new File(['mine'], 'mine.docx')] } });
    expect(await screen.findByText('Your file “mine.docx” was uploaded. Evaluate it when you are ready.')).toBeInTheDocument();
    expect(api.upload).toHaveBeenLastCalledWith('file-1', expect.any(File), 'mine.docx');
    expect(screen.getByTestId('office-last-saved')).toHaveTextContent('Last saved:');
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const api = makeApi(officeFile());
    renderPanel({ api });
    await screen.findByRole('button', { name: 'Upload your document' });
    const big = new File(['x'], 'big.docx');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('office-upload-input'), { target: { files: [big] } });
    expect(await screen.findByTestId('office-file-notice')).toHaveTextContent('The file is larger than 10 MB.');
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('the Question button opens the drawer with the question and a collapsible Help; Escape closes it', async () => {
    const api = makeApi(officeFile({ kind: 'xlsx' }));
    renderPanel({ api, kind: 'xlsx', instructions: 'Create a sheet named Sheet1; use a formula to calculate the total.' });
    await userEvent.click(screen.getByRole('button', { name: 'Question' }));
    const drawer = await screen.findByRole('dialog', { name: 'Question' });
    expect(within(drawer).getByText('Create a document with the heading “Cell Organelles”.')).toBeInTheDocument();
    const help = within(drawer).getByRole('button', { name: 'Help' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(within(drawer).queryByTestId('office-help')).toBeNull();
    await userEvent.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByTestId('office-help')).toHaveTextContent('Create a sheet named Sheet1; use a formula to calculate the total.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Question' })).toBeNull());
  });

  it('the drawer is 650 px wide on large screens and the whole width on phones', async () => {
    const api = makeApi(officeFile());
    renderPanel({ api });
    await userEvent.click(screen.getByRole('button', { name: 'Question' }));
    const paper = await screen.findByTestId('office-question-drawer');
    // jsdom applies no media queries: the phone rule (the whole width) is the base, 650 px from 600 px up.
    const className = [...paper.classList].find((name) => name.startsWith('css-'))!;
    const rules = [...document.querySelectorAll('style')].map((node) => node.textContent ?? '').join('\n');
    const own = rules.slice(rules.indexOf(`.${className}{`));
    expect(own).toMatch(/^[^@]*width:100%;/);
    expect(own).toMatch(/@media \(min-width:600px\)\{\.[\w-]+\{width:650px;\}\}/);
    // The kind's general help when the question has no instructions of its own.
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByTestId('office-help')).toHaveTextContent('Keep the headings, lists and tables the question asks for');
  });

  it('Evaluate shows Processing your file with a 15 s countdown, then the RESULT popup, and hands the result to the player', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = makeApi(officeFile());
    api.getRunDetailsOffice.mockResolvedValueOnce({ ...runDetails(0, []), statusCode: 'PE', resultDesc: null }).mockResolvedValueOnce(runDetails(66.67, ['Heading “Cell Organelles”']));
    const { onAnswer } = renderPanel({ api });
    await screen.findByRole('button', { name: 'Upload your document' });
    await userEvent.click(screen.getByRole('tab', { name: 'Evaluate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Evaluate' }));
    const overlay = await screen.findByTestId('office-processing');
    expect(overlay).toHaveTextContent('Processing your file');
    expect(within(overlay).getByTestId('office-countdown')).toHaveTextContent('Evaluating… 15 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(within(overlay).getByTestId('office-countdown')).toHaveTextContent('Evaluating… 13 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    const dialog = await screen.findByRole('dialog', { name: 'RESULT' });
    expect(within(dialog).getByTestId('office-percentage')).toHaveTextContent('66.67%');
    expect(within(dialog).getByTestId('office-percentage')).toHaveAttribute('data-colour', 'orange');
    expect(onAnswer).toHaveBeenCalledWith({ percentage: 66.67, unmatched: ['Heading “Cell Organelles”'], runID: 'run-1', path: 'file-1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'RESULT' })).toBeNull());
    expect(screen.getByTestId('office-last-result')).toHaveTextContent('Percentage matched: 66.67%');
  });

  it('a failed evaluation closes the overlay without a popup', async () => {
    const api = makeApi(officeFile());
    api.runOffice.mockRejectedValueOnce(new ApiError('Your previous evaluation is still running.', 'OFFICE_TOO_MANY_PENDING', 429));
    renderPanel({ api });
    await screen.findByRole('button', { name: 'Upload your document' });
    await userEvent.click(screen.getByRole('tab', { name: 'Evaluate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Evaluate' }));
    await waitFor(() => expect(api.runOffice).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('office-processing')).toBeNull(), { timeout: 5_000 });
    expect(screen.getByRole('button', { name: 'Evaluate' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'RESULT' })).toBeNull();
  });

  it('a spreadsheet saves the student’s edits after a pause, and saves pending edits before evaluating', async () => {
    const api = makeApi(officeFile({ kind: 'xlsx', fileName: 'question-7.xlsx' }));
    renderPanel({ api, kind: 'xlsx' });
    await screen.findByRole('region', { name: 'Spreadsheet: your working copy' });
    expect(api.download).toHaveBeenCalledWith('file-1');
    expect(screen.getByTestId('office-save-status')).toHaveTextContent('All changes saved');
    // The stand-in registers its edit callback in an effect, which may run after the region shows.
    await waitFor(() => expect(sheetEdits.length).toBeGreaterThan(0));

    act(() => sheetEdits.at(-1)!());
    expect(screen.getByTestId('office-save-status')).toHaveTextContent('Changes not saved yet');
    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(api.upload).toHaveBeenCalledWith('file-1', expect.any(Blob), 'question-7.xlsx');
    await waitFor(() => expect(screen.getByTestId('office-save-status')).toHaveTextContent('All changes saved'), { timeout: 5_000 });

    // An edit then Evaluate at once: the save goes first, then the run.
    act(() => sheetEdits.at(-1)!());
    await userEvent.click(screen.getByRole('tab', { name: 'Evaluate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Evaluate' }));
    await waitFor(() => expect(api.runOffice).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(api.upload).toHaveBeenCalledTimes(2);
    expect(api.upload.mock.invocationCallOrder[1]!).toBeLessThan(api.runOffice.mock.invocationCallOrder[0]!);
    expect(await screen.findByText('Congrats, you scored full marks.')).toBeInTheDocument();
  });

  it('a revealed practice answer locks the sheet and Evaluate', async () => {
    const api = makeApi(officeFile({ kind: 'xlsx', fileName: 'question-7.xlsx' }));
    renderPanel({ api, kind: 'xlsx', isLocked: true });
    expect(await screen.findByRole('region', { name: 'Spreadsheet: your working copy' })).toHaveAttribute('data-readonly', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Evaluate' }));
    expect(screen.getByRole('button', { name: 'Evaluate' })).toBeDisabled();
  });

  it('shows why the working copy could not be opened, with a retry', async () => {
    const api = makeApi(officeFile());
    api.workingCopy.mockRejectedValueOnce(new ApiError(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY.message.en, 'OFFICE_QUESTION_NOT_READY', 422));
    renderPanel({ api });
    expect(await screen.findByTestId('office-load-failed')).toHaveTextContent('This question has no start or solution file yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Download your document' })).toBeInTheDocument();
  });
});

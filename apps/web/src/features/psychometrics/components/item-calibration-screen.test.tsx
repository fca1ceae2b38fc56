import type { CalibratedItem, CalibratedItemList, Job } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi, type StubbedCall } from '../../../test/stub-api';
import { ItemCalibrationScreen } from './item-calibration-screen';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const item = (over: Partial<CalibratedItem>): CalibratedItem => ({
  questionId: 11,
  questionVersionId: 101,
  version: 1,
  excerpt: 'Which force keeps the Moon in orbit?',
  excerptLanguage: 'en',
  subject: 'Physics',
  topic: 'Gravitation',
  model: '2pl',
  state: 'ok',
  responses: 180,
  proportionCorrect: 0.62,
  difficulty: -0.41,
  discrimination: 1.27,
  seDifficulty: 0.12,
  seDiscrimination: 0.18,
  guessing: null,
  seGuessing: null,
  infit: 0.97,
  outfit: 1.04,
  flags: [],
  calibratedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

const ITEMS: CalibratedItemList = {
  items: [
    item({}),
    item({ questionId: 12, questionVersionId: 102, excerpt: 'Name the powerhouse of the cell.', subject: 'Biology', topic: 'Cell', state: 'too-few-responses', responses: 7, proportionCorrect: 0.43, difficulty: null, discrimination: null, seDifficulty: null, seDiscrimination: null, infit: null, outfit: null }),
    item({ questionId: 13, questionVersionId: 103, excerpt: 'All know this one.', state: 'degenerate', responses: 60, proportionCorrect: 1, difficulty: null, discrimination: null, seDifficulty: null, seDiscrimination: null, infit: null, outfit: null }),
    item({ questionId: 14, questionVersionId: 104, excerpt: 'Which gas do plants release?', difficulty: 1.3, flags: [{ kind: 'probable-wrong-key', optionId: 3, optionShare: 0.64, keyShare: 0.21, topResponses: 28 }] }),
    item({ questionId: 15, questionVersionId: 106, version: 2, excerpt: 'A revised question.', difficulty: 0.9, flags: [{ kind: 'drift', fromVersion: 1, difference: 0.82, seUnits: 4.1 }] }),
  ],
};

const job = (over: Partial<Job>): Job => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'item-calibration',
  state: 'running',
  progress: { done: 0, total: 5 },
  errorCount: 0,
  failure: null,
  attempts: 1,
  maxAttempts: 2,
  cancelRequested: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  startedAt: '2026-11-28T10:00:01.000Z',
  finishedAt: null,
  errors: [],
  result: null,
  ...over,
});

const SUMMARY = { model: '2pl', examinees: 200, responses: 2400, items: 5, states: { ok: 3, 'too-few-responses': 1, degenerate: 1 }, flagged: 2, iterations: 41, converged: true };

function answers({ scopes = { institutes: [{ id: 7, name: 'Sunrise Academy' }], hasClientBank: false }, jobs = [job({})], items = ITEMS }: { scopes?: unknown; jobs?: Job[]; items?: CalibratedItemList } = {}) {
  let polls = 0;
  return (call: StubbedCall) => {
    if (call.path === '/psychometrics/v1/scopes') return { body: scopes };
    if (call.path === '/psychometrics/v1/items') return { body: items };
    if (call.path === '/psychometrics/v1/calibrate') return { body: { jobId: jobs[0]!.id } };
    if (call.path === '/jobs/v1/get') return { body: jobs[Math.min(polls++, jobs.length - 1)] };
    return undefined;
  };
}

const rowOf = async (text: RegExp) => within(await screen.findByRole('table', { name: 'Calibrated item versions' })).findByRole('row', { name: text });

describe('ItemCalibrationScreen', { timeout: 60_000 }, () => {
  it('shows estimates with their SEs, says why an item has none, and spells out the flags with a link to the question', async () => {
    stubApi(answers());
    renderWithProviders(<ItemCalibrationScreen />);
    expect(await screen.findByText('Your institute: Sunrise Academy')).toBeInTheDocument();
    const estimated = await rowOf(/Which force keeps the Moon/);
    expect(estimated).toHaveTextContent('Physics · Gravitation');
    expect(estimated).toHaveTextContent(/[−-]0\.41 ± 0\.12/);
    expect(estimated).toHaveTextContent('1.27 ± 0.18');
    expect(estimated).toHaveTextContent('0.97 / 1.04');
    expect(estimated).toHaveTextContent('62%');

    const few = await rowOf(/powerhouse/);
    expect(few).toHaveTextContent('Too few responses');
    expect(few).toHaveTextContent('Only 7 responses: too few to estimate.');
    expect(within(few).getAllByText('not estimated').length).toBeGreaterThanOrEqual(3);
    expect(few).not.toHaveTextContent(/NaN|null|undefined/);
    expect(await rowOf(/All know this one/)).toHaveTextContent('All 60 responses were right');

    const wrongKey = await rowOf(/plants release/);
    expect(wrongKey).toHaveTextContent('Probable wrong key: option 3 chosen by 64% of the strongest students, the key by 21% (28 answers)');
    expect(within(wrongKey).getByRole('link', { name: 'Open question 14 in the question bank' })).toHaveAttribute('href', '/questionbank?question=14');
    expect(await rowOf(/A revised question/)).toHaveTextContent('Drift from version 1: difficulty +0.82 (4.10 SE)');
    expect(screen.getByRole('heading', { name: 'What these figures mean' })).toBeInTheDocument();
    // A 2PL run has no guessing column.
    expect(screen.queryByRole('columnheader', { name: /Guessing/ })).not.toBeInTheDocument();
  });

  it('shows a guessing column after a 3PL run, with a reason where an item has none', async () => {
    const threePl: CalibratedItemList = {
      items: [
        item({ model: '3pl', guessing: 0.21, seGuessing: 0.04 }),
        item({ questionId: 16, questionVersionId: 107, excerpt: 'Write the value of g.', model: '3pl', difficulty: 0.3 }),
        item({ questionId: 12, questionVersionId: 102, excerpt: 'Name the powerhouse of the cell.', model: '3pl', state: 'too-few-responses', responses: 7, difficulty: null, discrimination: null, seDifficulty: null, seDiscrimination: null, infit: null, outfit: null }),
      ],
    };
    stubApi(answers({ items: threePl }));
    renderWithProviders(<ItemCalibrationScreen />);
    const table = await screen.findByRole('table', { name: 'Calibrated item versions' });
    expect(await within(table).findByRole('columnheader', { name: /Guessing ± SE/ })).toBeInTheDocument();
    expect(await rowOf(/Which force keeps the Moon/)).toHaveTextContent('0.21 ± 0.04');
    expect(within(await rowOf(/value of g/)).getByText('no guessing parameter: not a one-option choice question')).toBeInTheDocument();
    expect(within(await rowOf(/powerhouse/)).getAllByText('not estimated').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText(/Guessing \(3PL only\)/)).toBeInTheDocument();
  });

  it('filters by state and by flags, and sorts a column with the items without estimates last', async () => {
    stubApi(answers());
    const user = userEvent.setup();
    renderWithProviders(<ItemCalibrationScreen />);
    const table = await screen.findByRole('table', { name: 'Calibrated item versions' });
    await within(table).findByRole('row', { name: /Which force/ });

    await user.click(screen.getByRole('switch', { name: 'Flagged items only' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Calibrated item versions' })).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByRole('switch', { name: 'Flagged items only' }));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Too few responses' }));
    const filtered = screen.getByRole('table', { name: 'Calibrated item versions' });
    await waitFor(() => expect(within(filtered).getAllByRole('row')).toHaveLength(2));
    expect(within(filtered).getByRole('row', { name: /powerhouse/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Any state' }));
    await user.click(within(screen.getByRole('table', { name: 'Calibrated item versions' })).getByRole('button', { name: 'Difficulty ± SE' }));
    const rows = within(screen.getByRole('table', { name: 'Calibrated item versions' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Which force'),
      expect.stringContaining('A revised question'),
      expect.stringContaining('plants release'),
      expect.stringMatching(/powerhouse|All know/),
      expect.stringMatching(/powerhouse|All know/),
    ]);
  });

  it('starts a calibration with the chosen model and minimum, follows the job and shows its summary', async () => {
    const api = stubApi(answers({ jobs: [job({ state: 'queued', startedAt: null }), job({}), job({ state: 'succeeded', progress: { done: 5, total: 5 }, result: SUMMARY, finishedAt: '2026-11-28T10:00:09.000Z' })] }));
    const user = userEvent.setup();
    renderWithProviders(<ItemCalibrationScreen />);
    await screen.findByText('Your institute: Sunrise Academy');
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(await screen.findByRole('option', { name: 'Rasch (difficulty only)' }));
    const minimum = screen.getByRole('textbox', { name: /Minimum responses per item/ });
    await user.clear(minimum);
    await user.type(minimum, '5');
    await user.click(screen.getByRole('button', { name: 'Calibrate now' }));
    expect(await screen.findByText('Enter a whole number from 10 to 100,000.')).toBeInTheDocument();
    expect(api.to('POST', '/psychometrics/v1/calibrate')).toHaveLength(0);

    await user.clear(minimum);
    await user.type(minimum, '20');
    await user.click(screen.getByRole('button', { name: 'Calibrate now' }));
    await waitFor(() => expect(api.to('POST', '/psychometrics/v1/calibrate')).toHaveLength(1));
    expect(api.to('POST', '/psychometrics/v1/calibrate')[0]!.body).toEqual({ model: 'rasch', minResponses: 20, instituteId: 7 });
    expect(await screen.findByText(/Waiting to start|Calibrating/)).toBeInTheDocument();

    const summary = await screen.findByRole('region', { name: 'Summary of the run' }, { timeout: 10_000 });
    expect(within(summary).getByText('Students').nextSibling).toHaveTextContent('200');
    expect(within(summary).getByText('Responses').nextSibling).toHaveTextContent('2,400');
    expect(within(summary).getByText('Flagged items').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Too few responses').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Estimated').nextSibling).toHaveTextContent('3');
    // The table is read again once the job has succeeded.
    await waitFor(() => expect(api.to('GET', '/psychometrics/v1/items').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the API’s message when a start is refused, and a client administrator picks an institute or the whole bank', async () => {
    const api = stubApi((call) => {
      if (call.path === '/psychometrics/v1/calibrate') return { status: 404, message: 'This institute does not exist.', body: { code: 'PSYCHOMETRICS_SCOPE_NOT_FOUND' } };
      return answers({ scopes: { institutes: [{ id: 7, name: 'Sunrise Academy' }, { id: 8, name: 'Lotus School' }], hasClientBank: true } })(call);
    });
    const user = userEvent.setup();
    renderWithProviders(<ItemCalibrationScreen />);
    const scope = await screen.findByRole('combobox', { name: 'Questions answered in' });
    expect(scope).toHaveTextContent('The whole client bank');
    await user.click(scope);
    await user.click(await screen.findByRole('option', { name: 'Lotus School' }));
    await waitFor(() => expect(api.to('GET', '/psychometrics/v1/items').some((call) => call.query.get('instituteId') === '8')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Calibrate now' }));
    expect(await screen.findByText('This institute does not exist.')).toBeInTheDocument();
    expect(api.to('POST', '/psychometrics/v1/calibrate')[0]!.body).toMatchObject({ instituteId: 8 });
  });

  it('is in Tamil too, and marks an excerpt in another language', async () => {
    await i18n.changeLanguage('tn');
    stubApi(answers());
    renderWithProviders(<ItemCalibrationScreen />);
    const row = await within(await screen.findByRole('table', { name: 'அளவுத்திருத்தப்பட்ட வினாப் பதிப்புகள்' })).findByRole('row', { name: /powerhouse/ });
    expect(row).toHaveTextContent('மிகக் குறைவான விடைகள்');
    expect(row).toHaveTextContent('(ஆங்கிலம் மொழியில்)');
    expect(within(row).getByText(/powerhouse/)).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: 'இப்போது அளவுத்திருத்து' })).toBeInTheDocument();
  });
});

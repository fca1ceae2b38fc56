import type { ExamEquating } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { stubApi } from '../../../../test/stub-api';
import { ExamEquatingSection } from './exam-equating';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const shift = (shiftId: number, sectionName: string, opensAt: string) => ({ shiftId, instituteName: 'Sunrise', className: '12', sectionName, opensAt, attempts: 1, calibratedItems: 4, excludedItems: 1 });
const row = (attemptId: string, displayName: string, shiftId: number, over: Partial<ExamEquating['rows'][number]>) => ({
  attemptId,
  userId: Number(attemptId.at(-1)),
  displayName,
  shiftId,
  rawScore: 11,
  total: 20,
  shiftPercentile: 100,
  ability: 0.42,
  abilitySe: 0.61,
  equatedScore: 12,
  equatedSpread: 2.4,
  equatedRank: 1,
  calibratedItems: 4,
  excludedItems: 1,
  ...over,
});
const REPORT: ExamEquating = {
  taskId: 7,
  taskName: 'Shift Mock',
  calibration: { instituteName: 'Sunrise', model: '2pl', calibratedAt: '2026-11-28T10:00:00.000Z' },
  reference: { shiftId: 1, calibratedItems: 4, maxScore: 16 },
  shifts: [shift(1, 'A', '2026-11-28T04:00:00.000Z'), shift(2, 'B', '2026-11-28T06:00:00.000Z')],
  rows: [row('a-1', 'Asha S', 1, {}), row('a-2', 'Bala S', 2, { rawScore: 6, equatedScore: 9.5, equatedRank: 2, ability: -0.2 })],
};

function stub(exportStatus = 200) {
  return stubApi((call) => {
    if (call.path === '/reports/v1/examEquating') return { body: REPORT };
    if (call.path === '/reports/v1/examEquatingExport') return exportStatus === 200 ? { body: 'file' } : { status: exportStatus, message: 'Test not found', body: { code: 'NOT_FOUND' } };
    return undefined;
  });
}

describe('ExamEquatingSection export', () => {
  it('downloads the equated table as CSV or XLSX from buttons reached by keyboard', async () => {
    const api = stub();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => `blob:${(blob as Blob).size}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<ExamEquatingSection taskId={7} />);
    const rows = await screen.findByRole('table', { name: 'Scores across shifts' });
    expect(within(rows).getAllByTestId('equating-row')).toHaveLength(2);

    const csv = screen.getByRole('button', { name: 'Export scores across shifts (CSV)' });
    csv.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.to('GET', '/reports/v1/examEquatingExport')).toHaveLength(1));
    expect(Object.fromEntries(api.to('GET', '/reports/v1/examEquatingExport')[0]!.query)).toEqual({ taskId: '7', format: 'csv' });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    await user.tab();
    expect(screen.getByRole('button', { name: 'Export scores across shifts (XLSX)' })).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.to('GET', '/reports/v1/examEquatingExport')).toHaveLength(2));
    expect(api.to('GET', '/reports/v1/examEquatingExport')[1]!.query.get('format')).toBe('xlsx');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
  });

  it('names the buttons in Tamil and reports a refused export without leaving the page', async () => {
    await i18n.changeLanguage('tn');
    stub(404);
    const user = userEvent.setup();
    renderWithProviders(<ExamEquatingSection taskId={7} />);
    await user.click(await screen.findByRole('button', { name: 'பிரிவுகள் முழுவதும் மதிப்பெண்களை ஏற்றுமதி (CSV)' }));
    expect(screen.getByRole('button', { name: 'பிரிவுகள் முழுவதும் மதிப்பெண்களை ஏற்றுமதி (XLSX)' })).toBeInTheDocument();
    expect(await screen.findByText('Test not found')).toBeInTheDocument();
    expect(screen.getAllByTestId('equating-row')).toHaveLength(2);
  });

  it('offers no export while nobody has sat the test', async () => {
    stubApi((call) => (call.path === '/reports/v1/examEquating' ? { body: { ...REPORT, rows: [], shifts: [] } } : undefined));
    renderWithProviders(<ExamEquatingSection taskId={7} />);
    expect(await screen.findByRole('button', { name: 'Export scores across shifts (CSV)' })).toBeDisabled();
  });
});

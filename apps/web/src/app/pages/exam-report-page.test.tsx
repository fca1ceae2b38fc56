import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../../test/render-with-providers';
import { stubApi } from '../../test/stub-api';
import { ExamReportPage } from './exam-report-page';

const TEST = { taskId: 5, TaskName: 'NEET mock 1', durationMinutes: 180, isCameraAllowed: false, runningAttempts: 0, submittedAttempts: 3, lastStartedAt: null };

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ExamReportPage', { timeout: 60_000 }, () => {
  it('opens a test’s statistics straight from the list of tests, not only through its live room', async () => {
    await i18n.loadNamespaces(['exam', 'staffReports', 'dataTable', 'staffMessages']);
    stubApi((call) => (call.path === '/exam/v1/supervisedTests' ? { body: [TEST] } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<ExamReportPage />, { path: '/examReport' });
    await user.click(await screen.findByRole('button', { name: 'Statistics: NEET mock 1' }));
    expect(await screen.findByRole('tab', { name: 'Statistics', selected: true })).toBeInTheDocument();
  });
});

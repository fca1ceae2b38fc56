import userEvent from '@testing-library/user-event';
import type { InstitutionReport, MetabaseEmbed, SummaryReport } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { BiReports } from './bi-reports';
import { DigestUnsubscribe } from './digest-settings';
import { InstitutionReports } from './institution-reports';
import { ParentSummaryReport } from './summary-report';
import { typeDate } from '../../../../test/date-fields';

/** Answers each call by the first path fragment it contains; records the calls. */
function stubServer(bodies: Record<string, unknown>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const key = Object.keys(bodies).find((k) => url.includes(k));
      return new Response(JSON.stringify({ status: true, message: 'Success', body: key ? bodies[key] : {} }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const figures = { attempts: 3, participants: 3, students: 4, participation: 75, meanPercentage: 30.56, topPercentage: 66.67 };
const institution: InstitutionReport = {
  instituteName: 'Sunrise Academy',
  overall: figures,
  subjects: [{ subject: 'Physics', questions: 6, correct: 2, accuracy: 33.33 }],
  courses: [{ courseId: 2, courseName: 'NEET', ...figures }],
  classes: [{ classId: 5, className: '12', ...figures }],
  tests: [{ taskId: 9, taskName: 'Mock 1', courseId: 2, courseName: 'NEET', ...figures }],
  selectedClass: {
    classId: 5,
    className: '12',
    students: [
      { studentId: 11, displayName: 'Anita Selvam', tests: 1, meanPercentage: 25, lastPercentage: 25, courseId: 2 },
      { studentId: 12, displayName: 'Deepa Murugan', tests: 0, meanPercentage: 0, lastPercentage: null, courseId: null },
    ],
  },
  selectedTest: null,
};

describe('InstitutionReports', () => {
  it('shows the measures, and a class’s students with links to their subject dashboards', async () => {
    const calls = stubServer({ '/reports/v1/institution': institution });
    renderWithProviders(<InstitutionReports />, { path: '/reports?classId=5' });
    const tests = await screen.findByTestId('institution-tests');
    expect(within(tests).getByRole('row', { name: /Mock 1/ })).toHaveTextContent('330.56 %66.67 %3 / 475 %');
    expect(within(tests).getByRole('link', { name: 'Subjects of Mock 1' })).toHaveAttribute('href', '/reports?classId=5&taskId=9');
    const students = screen.getByTestId('institution-class');
    expect(within(students).getByRole('link', { name: 'Subject dashboard of Anita Selvam' })).toHaveAttribute('href', '/reports/subject-dashboard/2/11');
    // Without a test, a student is listed but not linked.
    expect(within(students).getByRole('row', { name: /Deepa Murugan/ })).toHaveTextContent('No test yet');
    expect(within(students).queryByRole('link', { name: /Deepa/ })).toBeNull();
    expect(calls[0]!.url).toContain('classId=5');
  });
});

const summary: SummaryReport = {
  studentId: 7,
  displayName: 'Priya Raman',
  from: '2026-11-01',
  to: '2026-11-30',
  tests: [
    { attemptId: 'a', courseId: 2, taskId: 9, taskName: 'Mock 1', submittedAt: '2026-11-10T10:00:00Z', scored: 30, total: 40, percentage: 75, accuracy: 80, rank: 1, percentile: 100, candidates: 3 },
  ],
  averagePercentage: 75,
  trend: 'none',
  trendChange: 0,
  studySeconds: 3600,
  activeDays: 2,
  reviewStreakDays: 3,
  reviewSecondsThisWeek: 1500,
  lessonsCompleted: [{ taskId: 4, name: 'Reflection', courseName: 'NEET', completedAt: '2026-11-12T05:00:00Z' }],
  topicsToImprove: [{ subject: 'Physics', topic: 'Optics', accuracy: 40, questions: 5, courseId: 2 }],
};

describe('ParentSummaryReport', () => {
  it('asks for the chosen period and shows tests, study, lessons and topics; refuses a reversed period', async () => {
    const child = { studentId: 7, displayName: 'Priya Raman', lastTest: null, trend: [], upcomingTests: [], overdueTodos: [] };
    const calls = stubServer({ '/reports/v1/summary': summary, '/reports/v1/children': { children: [child] } });
    renderWithProviders(<ParentSummaryReport />, { path: '/parent/summary?child=7' });
    const report = await screen.findByTestId('summary-report');
    expect(within(report).getByTestId('summary-tests')).toHaveTextContent('30 / 40 (75 %)');
    expect(within(report).getByTestId('summary-study')).toHaveTextContent('Minutes studied: 60 · days with study: 2');
    expect(within(report).getByTestId('summary-review')).toHaveTextContent('Mistake-notebook review: 3 days in a row · 25 minutes this week');
    expect(within(report).getByTestId('summary-lessons')).toHaveTextContent('Reflection');
    expect(within(report).getByTestId('summary-topics')).toHaveTextContent('Optics');
    expect(calls.some((c) => c.url.includes('/reports/v1/summary') && c.url.includes('studentId=7'))).toBe(true);
    await typeDate(userEvent.setup(), screen.getByRole('group', { name: 'From' }), '2099-01-01');
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    expect(screen.getByText('Pick a start date on or before the end date.')).toBeInTheDocument();
  });
});

describe('BiReports', () => {
  it('embeds the signed dashboard when configured', async () => {
    const embed: MetabaseEmbed = { configured: true, url: 'https://bi.example.com/embed/dashboard/t.o.k#bordered=true&titled=true', expiresAt: '2026-11-24T10:10:00Z' };
    stubServer({ '/reports/v1/metabase': embed });
    renderWithProviders(<BiReports />);
    expect(await screen.findByTitle('BI Reports dashboard')).toHaveAttribute('src', embed.url);
  });

  it('says how to configure Metabase otherwise', async () => {
    stubServer({ '/reports/v1/metabase': { configured: false, url: null, expiresAt: null } });
    renderWithProviders(<BiReports />);
    expect(await screen.findByTestId('bi-not-configured')).toHaveTextContent('METABASE_SITE_URL');
  });
});

describe('DigestUnsubscribe', () => {
  it('turns the weekly e-mail off with the token of the link, after a click', async () => {
    const calls = stubServer({ '/reports/v1/digestUnsubscribe': { weeklyDigest: false } });
    renderWithProviders(<DigestUnsubscribe />, { path: '/digest-unsubscribe?token=abcdefghijklmnop' });
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stop the weekly e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The weekly e-mails are turned off.');
    expect(calls[0]!.body).toEqual({ token: 'abcdefghijklmnop' });
  });
});

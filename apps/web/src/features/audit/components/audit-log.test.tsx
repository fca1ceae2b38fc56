import type { AuditList } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { auditLocales } from '../locales';
import { AuditLog } from './audit-log';

const page: AuditList = {
  items: [
    {
      id: 1,
      createdAt: '2026-11-24T10:00:00Z',
      action: 'roles.saveConfig',
      actorUserId: 5,
      actorName: 'Suresh Babu',
      targetType: 'client',
      targetId: 'neetprep',
      targetUserId: null,
      targetName: null,
      instituteId: null,
      before: { SchoolTeacher: ['dashboard.view', 'schedules.manage'] },
      after: { SchoolTeacher: ['dashboard.view'] },
      reason: 'Office schedules tests',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
  actions: ['roles.saveConfig'],
  actors: [{ userId: 5, displayName: 'Suresh Babu' }],
  targets: [{ userId: 9, displayName: 'Priya Raman' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('AuditLog', { timeout: 120_000 }, () => {
  it('shows who changed what with a readable diff, and asks again with the chosen filters', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'Success', body: page }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Changes made by staff' });
    const row = await within(table).findByRole('row', { name: /Suresh Babu/ });
    expect(row).toHaveTextContent('Roles changed');
    expect(row).toHaveTextContent('SchoolTeacher: − schedules.manage');
    expect(row).toHaveTextContent('Office schedules tests');

    await user.click(screen.getByRole('combobox', { name: 'Changed user' }));
    await user.click(await screen.findByRole('option', { name: 'Priya Raman' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0 as never])).toContain('targetUserId=9'));
  });

  it('shows a regrade and an issued sign-in link readably, in English and in Tamil', async () => {
    const expiresAt = '2026-11-25T10:00:00.000Z';
    const entries: AuditList = {
      ...page,
      items: [
        {
          id: 3,
          createdAt: '2026-11-24T11:00:00Z',
          action: 'grading.regrade',
          actorUserId: 5,
          actorName: 'Suresh Babu',
          targetType: 'question',
          targetId: '42',
          targetUserId: null,
          targetName: null,
          instituteId: 1,
          before: { version: 1, attempts: 12, scoreTotal: 340 },
          after: { version: 2, attempts: 12, scoreTotal: 352, scoresChanged: 3 },
          reason: null,
        },
        {
          id: 2,
          createdAt: '2026-11-24T10:30:00Z',
          action: 'auth.createLoginLink',
          actorUserId: 6,
          actorName: 'Kavitha Rani',
          targetType: 'user',
          targetId: '9',
          targetUserId: 9,
          targetName: 'Priya Raman',
          instituteId: 1,
          before: null,
          after: { expiresAt, courseId: null },
          reason: null,
        },
      ],
      total: 2,
      actions: ['auth.createLoginLink', 'grading.regrade'],
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'Success', body: entries }), { status: 200, headers: { 'content-type': 'application/json' } })));
    const view = renderWithProviders(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Changes made by staff' });
    const regrade = await within(table).findByRole('row', { name: /Suresh Babu/ });
    expect(regrade).toHaveTextContent('Question regraded');
    expect(regrade).toHaveTextContent('Question 42');
    expect(regrade).toHaveTextContent('Version: 1 → changed to 2');
    // The attempt count did not change, but a regrade shows it.
    expect(regrade).toHaveTextContent('Attempts re-scored: 12Total score');
    expect(regrade).toHaveTextContent('Total score: 340 → changed to 352');
    expect(regrade).toHaveTextContent('Scores changed: — → changed to 3');
    const link = within(table).getByRole('row', { name: /Kavitha Rani/ });
    expect(link).toHaveTextContent('Sign-in link issued');
    expect(link).toHaveTextContent('Priya Raman (User 9)');
    const expiry = new Date(expiresAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
    expect(link).toHaveTextContent(`Expires: — → changed to ${expiry}`);
    expect(link).not.toHaveTextContent(expiresAt);
    expect(link).not.toHaveTextContent('Course');
    view.unmount();

    await i18n.changeLanguage('tn');
    try {
      renderWithProviders(<AuditLog />);
      const tamil = await screen.findByRole('table', { name: 'பணியாளர்கள் செய்த மாற்றங்கள்' });
      const tamilRegrade = await within(tamil).findByRole('row', { name: /Suresh Babu/ });
      expect(tamilRegrade).toHaveTextContent('வினா மறுமதிப்பீடு செய்யப்பட்டது');
      expect(tamilRegrade).toHaveTextContent('பதிப்பு: 1 → இதற்கு மாற்றப்பட்டது 2');
      expect(tamilRegrade).toHaveTextContent('மொத்த மதிப்பெண்: 340 → இதற்கு மாற்றப்பட்டது 352');
      const tamilLink = within(tamil).getByRole('row', { name: /Kavitha Rani/ });
      expect(tamilLink).toHaveTextContent('உள்நுழைவு இணைப்பு வழங்கப்பட்டது');
      expect(tamilLink).toHaveTextContent('காலாவதியாகும் நேரம்: — → இதற்கு மாற்றப்பட்டது ');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('has every English text in Tamil', () => {
    const keyPaths = (texts: object, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keyPaths(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keyPaths(auditLocales.tn).sort()).toEqual(keyPaths(auditLocales.en).sort());
    expect(keyPaths(auditLocales.en)).toContain('actions.grading.regrade');
  });
});

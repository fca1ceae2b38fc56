import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { metabaseEmbed } from './reports.family.bi.js';
import { composeDigest } from './reports.family.digest.js';
import { buildEffort, trendOf, weekStarts } from './reports.family.effort.js';
import { weekStartOf } from '../../../lib/zoned-dates.js';
import { buildInstitutionReport, groupFigures } from './reports.family.institution.js';

describe('institution figures', () => {
  it('takes mean over attempts, top over groups and participation over students', () => {
    expect(groupFigures({ attempts: 4, sum: 250, top: 90 }, 3, 4)).toEqual({ attempts: 4, participants: 3, students: 4, participation: 75, meanPercentage: 62.5, topPercentage: 90 });
    expect(groupFigures({ attempts: 0, sum: 0, top: 0 }, 0, 0)).toEqual({ attempts: 0, participants: 0, students: 0, participation: 0, meanPercentage: 0, topPercentage: 0 });
  });

  it('adds classes up to tests, courses and the institute', () => {
    const report = buildInstitutionReport({
      instituteName: 'Sunrise',
      rows: [
        { classId: 1, taskId: 10, courseId: 5, attempts: 2, participants: 2, sumPercentage: 100, topPercentage: 80 },
        { classId: 2, taskId: 10, courseId: 5, attempts: 1, participants: 1, sumPercentage: 20, topPercentage: 20 },
        { classId: 1, taskId: 11, courseId: 6, attempts: 1, participants: 1, sumPercentage: 90, topPercentage: 90 },
      ],
      students: [
        { classId: 2, className: '12', students: 2 },
        { classId: 1, className: '11', students: 2 },
        { classId: null, className: null, students: 1 },
      ],
      participants: [
        { classId: null, courseId: null, byCourse: 1, byClass: 1, participants: 3 },
        { classId: 1, courseId: null, byCourse: 0, byClass: 1, participants: 2 },
        { classId: 2, courseId: null, byCourse: 0, byClass: 1, participants: 1 },
        { classId: null, courseId: 5, byCourse: 1, byClass: 0, participants: 3 },
        { classId: null, courseId: 6, byCourse: 1, byClass: 0, participants: 1 },
      ],
      subjects: [{ subject: 'Physics', questions: 8, correct: 2 }],
      taskNames: new Map([
        [10, 'Mock 1'],
        [11, 'Mock 2'],
      ]),
      courseNames: new Map([
        [5, 'NEET'],
        [6, 'Biology'],
      ]),
    });
    expect(report.overall).toEqual({ attempts: 4, participants: 3, students: 5, participation: 60, meanPercentage: 52.5, topPercentage: 90 });
    expect(report.classes.map((c) => [c.className, c.attempts, c.meanPercentage, c.participation])).toEqual([
      ['', 0, 0, 0],
      ['11', 3, 63.33, 100],
      ['12', 1, 20, 50],
    ]);
    expect(report.tests.map((x) => [x.taskName, x.attempts, x.participants, x.meanPercentage, x.topPercentage])).toEqual([
      ['Mock 1', 3, 3, 40, 80],
      ['Mock 2', 1, 1, 90, 90],
    ]);
    expect(report.courses.map((c) => [c.courseName, c.participants])).toEqual([
      ['Biology', 1],
      ['NEET', 3],
    ]);
    expect(report.subjects).toEqual([{ subject: 'Physics', questions: 8, correct: 2, accuracy: 25 }]);
  });
});

describe('weeks and trend', () => {
  it('starts weeks on Monday', () => {
    expect(weekStartOf('2026-11-22', 'monday')).toBe('2026-11-16');
    expect(weekStartOf('2026-11-16', 'monday')).toBe('2026-11-16');
    expect(weekStartOf('2026-03-01', 'monday')).toBe('2026-02-23');
    expect(weekStarts('2026-11-18', 3)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });

  it('starts weeks on the configured day (WEEK_STARTS_ON)', () => {
    expect(weekStarts('2026-11-18', 3, 'sunday')).toEqual(['2026-11-01', '2026-11-08', '2026-11-15']);
    // Sunday the 22nd opens a Sunday week; in a Monday week it is the last day.
    const effort = buildEffort({ studentId: 1, weeks: ['2026-11-15', '2026-11-22'], study: [{ day: '2026-11-22', seconds: 60 }], lessonDays: [], tests: [], courses: [], firstDay: 'sunday' });
    expect(effort.weeks.map((w) => [w.weekStart, w.studySeconds])).toEqual([
      ['2026-11-15', 0],
      ['2026-11-22', 60],
    ]);
  });

  it('compares the later half of a period’s tests with the earlier half', () => {
    expect(trendOf([])).toEqual({ trend: 'none', change: 0 });
    expect(trendOf([40])).toEqual({ trend: 'none', change: 0 });
    expect(trendOf([40, 60])).toEqual({ trend: 'up', change: 20 });
    expect(trendOf([60, 50, 40])).toEqual({ trend: 'down', change: -20 });
    expect(trendOf([50, 51])).toEqual({ trend: 'steady', change: 1 });
  });

  it('puts study, lessons and tests in their weeks, and accuracy per subject', () => {
    const effort = buildEffort({
      studentId: 1,
      weeks: ['2026-11-09', '2026-11-16'],
      study: [
        { day: '2026-11-08', seconds: 5000 },
        { day: '2026-11-10', seconds: 60 },
        { day: '2026-11-22', seconds: 120 },
      ],
      lessonDays: ['2026-11-16', '2026-11-17', '2026-11-01'],
      tests: [
        { day: '2026-11-11', scored: 30, total: 40, subjects: [{ name: 'Physics', questions: 10, correct: 6 }] },
        { day: '2026-11-12', scored: 10, total: 40, subjects: [{ name: 'Physics', questions: 8, correct: 1 }] },
      ],
      courses: [],
    });
    expect(effort.weeks).toEqual([
      { weekStart: '2026-11-09', studySeconds: 60, lessonsCompleted: 0, tests: 2, meanPercentage: 50 },
      { weekStart: '2026-11-16', studySeconds: 120, lessonsCompleted: 2, tests: 0, meanPercentage: null },
    ]);
    expect(effort.subjects).toEqual([
      {
        subject: 'Physics',
        weeks: [
          { weekStart: '2026-11-09', questions: 18, accuracy: 38.89 },
          { weekStart: '2026-11-16', questions: 0, accuracy: null },
        ],
      },
    ]);
  });
});

describe('weekly digest mail', () => {
  const input = {
    parentName: 'Meena <Raman>',
    weekStart: '2026-11-16',
    weekEnd: '2026-11-22',
    siteUrl: 'https://example.com/parent/home',
    unsubscribeUrl: 'https://example.com/digest-unsubscribe?token=abc',
    children: [
      {
        name: 'Priya',
        tests: [{ name: 'Mock 1', scored: 30, total: 40, percentage: 75 }],
        studySeconds: 3600,
        upcoming: [{ name: 'Mock 2', course: 'NEET', opensAt: new Date('2026-11-24T04:30:00Z'), closesAt: new Date('2026-11-24T07:30:00Z') }],
        overdue: [{ title: 'Revise optics', dueDate: '2026-11-20' }],
      },
    ],
  };

  it('tells the week in English', () => {
    const mail = composeDigest({ ...input, language: 'en' });
    expect(mail.subject).toBe('Weekly progress: 16 Nov 2026 to 22 Nov 2026');
    expect(mail.text).toContain('Dear Meena <Raman>,');
    expect(mail.text).toContain('- Mock 1: 30 / 40 (75 %)');
    expect(mail.text).toContain('Study time: 60 minutes');
    expect(mail.text).toMatch(/- Mock 2 \(NEET\): 24 Nov 2026, 10:00 am to 24 Nov 2026, 1:00 pm/i);
    expect(mail.text).toContain('- Revise optics (due 20 Nov 2026)');
    expect(mail.text).toContain('Stop these weekly e-mails: https://example.com/digest-unsubscribe?token=abc');
    expect(mail.html).toContain('Dear Meena &#60;Raman&#62;,');
    expect(mail.html).toContain('<a href="https://example.com/digest-unsubscribe?token=abc">');
  });

  it('tells the week in Tamil', () => {
    const mail = composeDigest({ ...input, language: 'tn', children: [{ ...input.children[0]!, tests: [], overdue: [] }] });
    expect(mail.subject).toMatch(/^வாராந்திர முன்னேற்றம்: /);
    expect(mail.text).toContain('அன்புள்ள Meena <Raman>,');
    expect(mail.text).toContain('இந்த வாரம் தேர்வுகள் இல்லை.');
    expect(mail.text).toContain('படித்த நேரம்: 60 நிமிடங்கள்');
    expect(mail.text).toContain('தாமதமானவை எதுவும் இல்லை.');
    expect(mail.text).not.toContain('Study time');
  });
});

describe('Metabase signed embedding', () => {
  const now = new Date('2026-11-18T06:00:00Z');
  it('is not configured without a site, a secret and a dashboard', async () => {
    expect(await metabaseEmbed({ siteUrl: 'https://bi.example.com', secretKey: undefined, dashboardId: 3 }, 1, now)).toEqual({ configured: false, url: null, expiresAt: null });
    expect(await metabaseEmbed({ siteUrl: undefined, secretKey: 'k'.repeat(64), dashboardId: 3 }, 1, now)).toEqual({ configured: false, url: null, expiresAt: null });
  });

  it('locks the institute and expires in ten minutes', async () => {
    const embed = await metabaseEmbed({ siteUrl: 'https://bi.example.com', secretKey: 'k'.repeat(64), dashboardId: 3 }, 42, now);
    const token = /\/embed\/dashboard\/([^#]+)#bordered=true&titled=true$/.exec(embed.url!)![1]!;
    const { payload } = await jwtVerify(token, new TextEncoder().encode('k'.repeat(64)), { currentDate: now });
    expect(payload).toEqual({ resource: { dashboard: 3 }, params: { institute_id: 42 }, exp: now.getTime() / 1000 + 600 });
    await expect(jwtVerify(token, new TextEncoder().encode('k'.repeat(64)), { currentDate: new Date(now.getTime() + 601_000) })).rejects.toThrow();
  });
});

import { DIGEST_TEXTS, textIn, type Language, type TextValues } from '@app/contracts';
import { escapeHtml } from '../../../lib/mailer.js';

/** One linked child's week, as the digest tells it. */
export interface DigestChild {
  name: string;
  tests: { name: string; scored: number; total: number; percentage: number }[];
  studySeconds: number;
  upcoming: { name: string; course: string; opensAt: Date; closesAt: Date }[];
  overdue: { title: string; dueDate: string | null }[];
}

export interface DigestInput {
  language: Language;
  parentName: string;
  /** Monday and Sunday of the week (India calendar). */
  weekStart: string;
  weekEnd: string;
  children: DigestChild[];
  unsubscribeUrl: string;
  siteUrl: string;
}

/** Dates in the digest are written the way each language's readers in India write them. */
const LOCALE: Record<Language, string> = { en: 'en-IN', tn: 'ta-IN' };

/** The weekly digest of a parent, in the parent's language: a plain-text and an HTML part. */
export function composeDigest(input: DigestInput): { subject: string; text: string; html: string } {
  const language = input.language;
  const t = (key: keyof typeof DIGEST_TEXTS, values?: TextValues) => textIn(DIGEST_TEXTS[key], language, values);
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' });
  const when = (d: Date) => d.toLocaleString(LOCALE[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  const from = day(input.weekStart);
  const to = day(input.weekEnd);
  const blocks = input.children.map((child) => ({
    name: child.name,
    lists: [
      { title: t('tests'), items: child.tests.map((test) => `${test.name}: ${test.scored} / ${test.total} (${test.percentage} %)`), empty: t('noTests') },
      { title: t('upcoming'), items: child.upcoming.map((u) => t('window', { name: u.name, course: u.course, opens: when(u.opensAt), closes: when(u.closesAt) })), empty: t('noUpcoming') },
      { title: t('overdue'), items: child.overdue.map((o) => (o.dueDate ? `${o.title} (${t('due', { date: day(o.dueDate) })})` : o.title)), empty: t('noOverdue') },
    ],
    study: t('study', { minutes: Math.round(child.studySeconds / 60) }),
  }));
  const text = [
    t('greeting', { name: input.parentName }),
    '',
    t('intro', { from, to }),
    ...blocks.flatMap((b) => [
      '',
      `== ${b.name} ==`,
      b.study,
      ...b.lists.flatMap((l) => ['', `${l.title}:`, ...(l.items.length ? l.items.map((i) => `- ${i}`) : [`  ${l.empty}`])]),
    ]),
    '',
    `${t('open')}: ${input.siteUrl}`,
    `${t('unsubscribe')}: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t('greeting', { name: input.parentName }))}</p>`,
    `<p>${escapeHtml(t('intro', { from, to }))}</p>`,
    ...blocks.map(
      (b) =>
        `<h2>${escapeHtml(b.name)}</h2><p>${escapeHtml(b.study)}</p>` +
        b.lists
          .map((l) => `<h3>${escapeHtml(l.title)}</h3>${l.items.length ? `<ul>${l.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : `<p>${escapeHtml(l.empty)}</p>`}`)
          .join(''),
    ),
    `<p><a href="${escapeHtml(input.siteUrl)}">${escapeHtml(t('open'))}</a></p>`,
    `<p><a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t('unsubscribe'))}</a></p>`,
  ].join('');
  return { subject: t('subject', { from, to }), text, html };
}

import type { Language } from '@app/contracts';

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

const TEXT = {
  en: {
    subject: (from: string, to: string) => `Weekly progress: ${from} to ${to}`,
    greeting: (name: string) => `Dear ${name},`,
    intro: (from: string, to: string) => `Here is how your child's week went, ${from} to ${to}.`,
    tests: 'Tests taken',
    noTests: 'No tests this week.',
    test: (t: DigestChild['tests'][number]) => `${t.name}: ${t.scored} / ${t.total} (${t.percentage} %)`,
    study: (minutes: number) => `Study time: ${minutes} minutes`,
    upcoming: 'Scheduled tests',
    noUpcoming: 'No scheduled tests open.',
    window: (u: DigestChild['upcoming'][number], when: (d: Date) => string) => `${u.name} (${u.course}): ${when(u.opensAt)} to ${when(u.closesAt)}`,
    overdue: 'Overdue to-dos',
    noOverdue: 'Nothing overdue.',
    due: (date: string) => `due ${date}`,
    open: 'See the full reports',
    unsubscribe: 'Stop these weekly e-mails',
    locale: 'en-IN',
  },
  tn: {
    subject: (from: string, to: string) => `வாராந்திர முன்னேற்றம்: ${from} முதல் ${to} வரை`,
    greeting: (name: string) => `அன்புள்ள ${name},`,
    intro: (from: string, to: string) => `${from} முதல் ${to} வரை உங்கள் குழந்தையின் வாரம் இப்படி அமைந்தது.`,
    tests: 'எழுதிய தேர்வுகள்',
    noTests: 'இந்த வாரம் தேர்வுகள் இல்லை.',
    test: (t: DigestChild['tests'][number]) => `${t.name}: ${t.scored} / ${t.total} (${t.percentage} %)`,
    study: (minutes: number) => `படித்த நேரம்: ${minutes} நிமிடங்கள்`,
    upcoming: 'திட்டமிடப்பட்ட தேர்வுகள்',
    noUpcoming: 'திறந்த திட்டமிடப்பட்ட தேர்வுகள் இல்லை.',
    window: (u: DigestChild['upcoming'][number], when: (d: Date) => string) => `${u.name} (${u.course}): ${when(u.opensAt)} முதல் ${when(u.closesAt)} வரை`,
    overdue: 'தாமதமான செய்ய வேண்டியவை',
    noOverdue: 'தாமதமானவை எதுவும் இல்லை.',
    due: (date: string) => `கெடு ${date}`,
    open: 'முழு அறிக்கைகளைப் பார்க்கவும்',
    unsubscribe: 'இந்த வாராந்திர மின்னஞ்சல்களை நிறுத்தவும்',
    locale: 'ta-IN',
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The weekly digest of a parent, in the parent's language: a plain-text and an HTML part. */
export function composeDigest(input: DigestInput): { subject: string; text: string; html: string } {
  const t = TEXT[input.language];
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(t.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const when = (d: Date) => d.toLocaleString(t.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  const from = day(input.weekStart);
  const to = day(input.weekEnd);
  const blocks = input.children.map((child) => ({
    name: child.name,
    lists: [
      { title: t.tests, items: child.tests.map(t.test), empty: t.noTests },
      { title: t.upcoming, items: child.upcoming.map((u) => t.window(u, when)), empty: t.noUpcoming },
      { title: t.overdue, items: child.overdue.map((o) => (o.dueDate ? `${o.title} (${t.due(day(o.dueDate))})` : o.title)), empty: t.noOverdue },
    ],
    study: t.study(Math.round(child.studySeconds / 60)),
  }));
  const text = [
    t.greeting(input.parentName),
    '',
    t.intro(from, to),
    ...blocks.flatMap((b) => [
      '',
      `== ${b.name} ==`,
      b.study,
      ...b.lists.flatMap((l) => ['', `${l.title}:`, ...(l.items.length ? l.items.map((i) => `- ${i}`) : [`  ${l.empty}`])]),
    ]),
    '',
    `${t.open}: ${input.siteUrl}`,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(input.parentName))}</p>`,
    `<p>${escapeHtml(t.intro(from, to))}</p>`,
    ...blocks.map(
      (b) =>
        `<h2>${escapeHtml(b.name)}</h2><p>${escapeHtml(b.study)}</p>` +
        b.lists
          .map((l) => `<h3>${escapeHtml(l.title)}</h3>${l.items.length ? `<ul>${l.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : `<p>${escapeHtml(l.empty)}</p>`}`)
          .join(''),
    ),
    `<p><a href="${escapeHtml(input.siteUrl)}">${escapeHtml(t.open)}</a></p>`,
    `<p><a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>`,
  ].join('');
  return { subject: t.subject(from, to), text, html };
}

import type { LocalizedText } from '../../common/errors.js';

/** A parent's weekly digest mail. */
export const DIGEST_TEXTS = {
  subject: { en: 'Weekly progress: {from} to {to}', tn: 'வாராந்திர முன்னேற்றம்: {from} முதல் {to} வரை' },
  greeting: { en: 'Dear {name},', tn: 'அன்புள்ள {name},' },
  intro: { en: "Here is how your child's week went, {from} to {to}.", tn: '{from} முதல் {to} வரை உங்கள் குழந்தையின் வாரம் இப்படி அமைந்தது.' },
  tests: { en: 'Tests taken', tn: 'எழுதிய தேர்வுகள்' },
  noTests: { en: 'No tests this week.', tn: 'இந்த வாரம் தேர்வுகள் இல்லை.' },
  study: { en: 'Study time: {minutes} minutes', tn: 'படித்த நேரம்: {minutes} நிமிடங்கள்' },
  upcoming: { en: 'Scheduled tests', tn: 'திட்டமிடப்பட்ட தேர்வுகள்' },
  noUpcoming: { en: 'No scheduled tests open.', tn: 'திறந்த திட்டமிடப்பட்ட தேர்வுகள் இல்லை.' },
  window: { en: '{name} ({course}): {opens} to {closes}', tn: '{name} ({course}): {opens} முதல் {closes} வரை' },
  overdue: { en: 'Overdue to-dos', tn: 'தாமதமான செய்ய வேண்டியவை' },
  noOverdue: { en: 'Nothing overdue.', tn: 'தாமதமானவை எதுவும் இல்லை.' },
  due: { en: 'due {date}', tn: 'கெடு {date}' },
  open: { en: 'See the full reports', tn: 'முழு அறிக்கைகளைப் பார்க்கவும்' },
  unsubscribe: { en: 'Stop these weekly e-mails', tn: 'இந்த வாராந்திர மின்னஞ்சல்களை நிறுத்தவும்' },
} satisfies Record<string, LocalizedText>;

import type { TestAudience } from '@app/contracts';

/** One sentence of the "who can take it now" note: a message key and its values. */
export interface AudienceLine {
  key:
    | 'audienceDraft'
    | 'audienceAnyTime'
    | 'audienceWindowOpen'
    | 'audienceWindowLater'
    | 'audienceWindowClosed'
    | 'audienceScheduledOnly'
    | 'audienceInstituteOnly'
    | 'audienceOtherInstitutes';
  values: Record<string, string>;
}

/**
 * Who can take a test now, in plain sentences (decision 038): a draft nobody; per institute, every
 * student at any time, or only the scheduled classes in their windows; whether other institutes can.
 * `formatInstant` shows an instant in the reader's language and time zone.
 */
export function audienceLines(audience: TestAudience, isPublished: boolean, now: number, formatInstant: (iso: string) => string): AudienceLine[] {
  if (!isPublished) return [{ key: 'audienceDraft', values: {} }];
  const lines: AudienceLine[] = [];
  for (const institute of audience.institutes) {
    if (institute.windows.length === 0) {
      lines.push({ key: 'audienceAnyTime', values: { institute: institute.instituteName } });
      continue;
    }
    for (const window of institute.windows) {
      const place = [institute.instituteName, window.className, window.sectionName].filter(Boolean).join(' · ');
      const values = { place, opensAt: formatInstant(window.opensAt), closesAt: formatInstant(window.closesAt) };
      const key = Date.parse(window.closesAt) <= now ? 'audienceWindowClosed' : Date.parse(window.opensAt) <= now ? 'audienceWindowOpen' : 'audienceWindowLater';
      lines.push({ key, values });
    }
    if (institute.windows.some((w) => w.className !== null)) lines.push({ key: 'audienceScheduledOnly', values: { institute: institute.instituteName } });
  }
  if (!audience.sharedWithClient) lines.push({ key: 'audienceInstituteOnly', values: {} });
  else if (audience.otherInstitutes) lines.push({ key: 'audienceOtherInstitutes', values: {} });
  return lines;
}

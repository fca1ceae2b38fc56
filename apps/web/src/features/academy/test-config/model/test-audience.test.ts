import { describe, expect, it } from 'vitest';
import { audienceLines } from './test-audience';

const NOW = Date.parse('2026-05-04T10:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
const format = (iso: string) => `<${iso}>`;

describe('audienceLines', () => {
  it('a draft: nobody', () => {
    expect(audienceLines({ sharedWithClient: false, institutes: [{ instituteName: 'Kaveri', windows: [] }], otherInstitutes: false }, false, NOW, format)).toEqual([{ key: 'audienceDraft', values: {} }]);
  });

  it('an institute’s test scheduled for one class: that class in its window, nobody else', () => {
    const lines = audienceLines(
      {
        sharedWithClient: false,
        institutes: [{ instituteName: 'Kaveri', windows: [{ className: '11', sectionName: 'B', opensAt: at(-1), closesAt: at(5), lateStartUntil: null }] }],
        otherInstitutes: false,
      },
      true,
      NOW,
      format,
    );
    expect(lines).toEqual([
      { key: 'audienceWindowOpen', values: { place: 'Kaveri · 11 · B', opensAt: `<${at(-1)}>`, closesAt: `<${at(5)}>` } },
      { key: 'audienceScheduledOnly', values: { institute: 'Kaveri' } },
      { key: 'audienceInstituteOnly', values: {} },
    ]);
  });

  it('a shared test: any time where nothing narrows it, later and closed windows, and the other institutes', () => {
    const lines = audienceLines(
      {
        sharedWithClient: true,
        institutes: [
          { instituteName: 'Sunrise', windows: [] },
          { instituteName: 'Kaveri', windows: [{ className: null, sectionName: null, opensAt: at(2), closesAt: at(3), lateStartUntil: null }, { className: '12', sectionName: null, opensAt: at(-5), closesAt: at(-1), lateStartUntil: null }] },
        ],
        otherInstitutes: true,
      },
      true,
      NOW,
      format,
    );
    expect(lines.map((l) => l.key)).toEqual(['audienceAnyTime', 'audienceWindowLater', 'audienceWindowClosed', 'audienceScheduledOnly', 'audienceOtherInstitutes']);
    expect(lines[1]!.values.place).toBe('Kaveri');
  });
});

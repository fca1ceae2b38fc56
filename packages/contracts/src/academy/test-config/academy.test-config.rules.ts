import type { MessageKey } from '../../common/message-key.js';
import type { DrawRule, SectionSource, TestSettings } from './academy.test-config.schemas.js';

/**
 * Rules of a test's configuration, shared by the server (publishing, the edit lock) and the web
 * form (the same messages before a call is made). Plain functions of plain values.
 */

export interface RuleQuestion {
  questionId: number;
  /** Per-test marks; null uses the question's. */
  marks: number | null;
  negativeMarks: number | null;
  defaultMarks: number;
  defaultNegativeMarks: number;
}

export interface RuleSection {
  name: string;
  durationMinutes: number;
  source: SectionSource;
  questions: RuleQuestion[];
  draw: DrawRule | null;
  /** Draw sections: how many bank questions fit the rule (unknown: null). */
  available?: number | null;
}

export interface RuleProblem {
  /** Where the form shows it: `settings.durationMinutes`, `sections.1.draw.count`, … */
  field: string;
  key: MessageKey;
}

export const effectiveMarks = (q: RuleQuestion) => ({ marks: q.marks ?? q.defaultMarks, negativeMarks: q.negativeMarks ?? q.defaultNegativeMarks });

/** Questions a section gives each attempt. */
export function sectionQuestionCount(section: Pick<RuleSection, 'source' | 'questions' | 'draw'>): number {
  return section.source === 'draw' ? (section.draw?.count ?? 0) : section.questions.length;
}

export function sectionMarks(section: Pick<RuleSection, 'source' | 'questions' | 'draw'>): number {
  if (section.source === 'draw') return (section.draw?.count ?? 0) * (section.draw?.marks ?? 0);
  return section.questions.reduce((sum, q) => sum + effectiveMarks(q).marks, 0);
}

/** Why the test cannot be published; empty when it can. */
export function publishProblems(settings: Pick<TestSettings, 'testType' | 'durationMinutes' | 'sectionWiseTimer'>, sections: RuleSection[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (settings.testType === 'test' && !settings.sectionWiseTimer && settings.durationMinutes <= 0) {
    problems.push({ field: 'settings.durationMinutes', key: 'tcDurationPositive' });
  }
  if (sections.length === 0) problems.push({ field: 'sections', key: 'tcNoSections' });
  else if (sections.every((s) => sectionQuestionCount(s) === 0)) problems.push({ field: 'sections', key: 'tcNoQuestions' });
  sections.forEach((section, i) => {
    const at = `sections.${i}`;
    if (settings.sectionWiseTimer && section.durationMinutes <= 0) problems.push({ field: `${at}.durationMinutes`, key: 'tcSectionDurationRequired' });
    if (section.source === 'draw') {
      if (!section.draw) problems.push({ field: `${at}.draw`, key: 'tcSectionEmpty' });
      else {
        if (section.draw.negativeMarks > section.draw.marks) problems.push({ field: `${at}.draw.negativeMarks`, key: 'tcNegativeAboveMarks' });
        if (section.available != null && section.available < section.draw.count) problems.push({ field: `${at}.draw.count`, key: 'tcDrawShort' });
      }
    } else if (section.questions.length === 0) {
      problems.push({ field: `${at}.questions`, key: 'tcSectionEmpty' });
    }
    if (section.source === 'pick') {
      section.questions.forEach((q, j) => {
        const m = effectiveMarks(q);
        if (m.negativeMarks > m.marks) problems.push({ field: `${at}.questions.${j}.negativeMarks`, key: 'tcNegativeAboveMarks' });
      });
    }
  });
  return problems;
}

/** The settings that change how attempts are scored or timed: locked once a test has attempts. */
export const SCORING_SETTINGS = ['testType', 'durationMinutes', 'sectionWiseTimer', 'courseId'] as const satisfies readonly (keyof TestSettings)[];

export function changedScoringSettings(before: Pick<TestSettings, (typeof SCORING_SETTINGS)[number]>, after: Pick<TestSettings, (typeof SCORING_SETTINGS)[number]>): string[] {
  return SCORING_SETTINGS.filter((key) => before[key] !== after[key]);
}

export interface LockSection {
  sectionId?: number;
  durationMinutes: number;
  source: SectionSource;
  questions: Array<{ questionId: number; marks?: number | null; negativeMarks?: number | null }>;
  draw?: DrawRule | null;
}

const shapeOf = (sections: LockSection[]) =>
  JSON.stringify(
    sections.map((s) => ({
      id: s.sectionId ?? null,
      d: s.durationMinutes,
      src: s.source,
      q: s.source === 'pick' ? s.questions.map((q) => [q.questionId, q.marks ?? null, q.negativeMarks ?? null]) : [],
      draw: s.source === 'draw' && s.draw ? [s.draw.count, [...s.draw.topicIds].sort(), [...s.draw.difficulties].sort(), s.draw.marks, s.draw.negativeMarks] : null,
    })),
  );

/**
 * Whether a new section list changes questions, their order, marks, draws or timing (a rename
 * does not). Such a change is refused once the test has attempts.
 */
export function sectionsChangeScoring(before: LockSection[], after: LockSection[]): boolean {
  return shapeOf(before) !== shapeOf(after);
}

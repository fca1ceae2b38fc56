import {
  publishProblems,
  sectionMarks,
  sectionQuestionCount,
  type DrawRule,
  type QuestionSummary,
  type RuleProblem,
  type SaveSectionsBody,
  type SectionSource,
  type TestConfig,
  type TestSettings,
} from '@app/contracts';

/**
 * The test configuration screen's rules as plain functions: the settings a new test starts with,
 * the sections being edited (add, rename, reorder, remove; picks and draws) and what stops a test
 * from being published (the same rules the server applies, from the contracts).
 */

export function defaultSettings(courseId: number, topicId: number): TestSettings {
  return {
    name: '',
    testType: 'test',
    courseId,
    topicId,
    instructionsEn: '',
    instructionsTn: '',
    durationMinutes: 60,
    questionSwitch: 1,
    isSectionNavigationAllowed: true,
    mandatory: false,
    sectionWiseTimer: false,
    shuffle: false,
    questionDisplayType: 'vertical',
    isEditorAllowed: true,
    isCameraAllowed: false,
    isTabAlertAllowed: 1,
    warnings: 3,
    scoreVisible: true,
    partialSubmitMinutes: 30,
    attemptsAllowed: 1,
    showAnswers: 'afterSubmit',
    englishAuthoritative: true,
  };
}

export interface EditableQuestion {
  questionId: number;
  title: string;
  preview: string;
  /** Per-test marks; null uses the question's. */
  marks: number | null;
  negativeMarks: number | null;
  defaultMarks: number;
  defaultNegativeMarks: number;
}

export interface EditableSection {
  /** Stable while editing (React keys), whether or not the section is saved yet. */
  key: string;
  sectionId?: number;
  name: string;
  nameTn: string;
  durationMinutes: number;
  source: SectionSource;
  questions: EditableQuestion[];
  draw: DrawRule | null;
  /** Draw sections as last saved: how many bank questions fit (unknown until saved). */
  available: number | null;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

export const DEFAULT_DRAW: DrawRule = { count: 10, topicIds: [], difficulties: [], marks: 4, negativeMarks: 1 };

export function sectionsOf(config: TestConfig): EditableSection[] {
  return config.sections.map((s) => ({
    key: `s-${s.sectionId}`,
    sectionId: s.sectionId,
    name: s.name,
    nameTn: s.nameTn,
    durationMinutes: s.durationMinutes,
    source: s.source,
    draw: s.draw,
    available: s.available,
    questions: s.questions.map((q) => ({
      questionId: q.questionId,
      title: q.title,
      preview: q.preview,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
      defaultMarks: q.defaultMarks,
      defaultNegativeMarks: q.defaultNegativeMarks,
    })),
  }));
}

export function newSection(name: string): EditableSection {
  return { key: newKey(), name, nameTn: '', durationMinutes: 0, source: 'pick', questions: [], draw: null, available: null };
}

/** The list with one item moved from one place to another (out-of-range moves change nothing). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

export function updateSection(sections: readonly EditableSection[], index: number, change: Partial<EditableSection>): EditableSection[] {
  return sections.map((s, i) => (i === index ? { ...s, ...change } : s));
}

/** Switching to a draw starts from a default rule; switching back keeps any picked questions. */
export function setSource(sections: readonly EditableSection[], index: number, source: SectionSource): EditableSection[] {
  const section = sections[index];
  if (!section) return [...sections];
  return updateSection(sections, index, { source, draw: source === 'draw' ? (section.draw ?? DEFAULT_DRAW) : section.draw });
}

/** Question ids already picked anywhere in the test (a question is placed once). */
export function pickedIds(sections: readonly EditableSection[]): Set<number> {
  return new Set(sections.flatMap((s) => (s.source === 'pick' ? s.questions.map((q) => q.questionId) : [])));
}

/** A question as the bank lists it, with what it scores and what a wrong answer costs (shown while the test keeps the question's own). */
export function addQuestion(sections: readonly EditableSection[], index: number, summary: Pick<QuestionSummary, 'questionId' | 'title' | 'preview' | 'marks' | 'negativeMarks'>): EditableSection[] {
  if (pickedIds(sections).has(summary.questionId)) return [...sections];
  const section = sections[index];
  if (!section) return [...sections];
  const question: EditableQuestion = {
    questionId: summary.questionId,
    title: summary.title,
    preview: summary.preview,
    marks: null,
    negativeMarks: null,
    defaultMarks: summary.marks,
    defaultNegativeMarks: summary.negativeMarks,
  };
  return updateSection(sections, index, { questions: [...section.questions, question] });
}

/**
 * One action for a "+4 / −1" test: every picked question's marks and every draw rule's, in the
 * section at `index`, or in the whole test when `index` is null.
 */
export function setMarksForAll(sections: readonly EditableSection[], index: number | null, marks: number, negativeMarks: number): EditableSection[] {
  return sections.map((s, i) => {
    if (index !== null && i !== index) return s;
    return {
      ...s,
      questions: s.questions.map((q) => ({ ...q, marks, negativeMarks })),
      draw: s.draw ? { ...s.draw, marks, negativeMarks } : s.draw,
    };
  });
}

export function updateQuestion(sections: readonly EditableSection[], index: number, position: number, change: Partial<EditableQuestion>): EditableSection[] {
  const section = sections[index];
  if (!section) return [...sections];
  return updateSection(sections, index, { questions: section.questions.map((q, j) => (j === position ? { ...q, ...change } : q)) });
}

export function removeQuestion(sections: readonly EditableSection[], index: number, position: number): EditableSection[] {
  const section = sections[index];
  if (!section) return [...sections];
  return updateSection(sections, index, { questions: section.questions.filter((_, j) => j !== position) });
}

export function moveQuestion(sections: readonly EditableSection[], index: number, from: number, to: number): EditableSection[] {
  const section = sections[index];
  if (!section) return [...sections];
  return updateSection(sections, index, { questions: moveItem(section.questions, from, to) });
}

export function saveBodyOf(testId: number, sections: readonly EditableSection[]): SaveSectionsBody {
  return {
    testId,
    sections: sections.map((s) => ({
      ...(s.sectionId !== undefined ? { sectionId: s.sectionId } : {}),
      name: s.name,
      nameTn: s.nameTn,
      durationMinutes: s.durationMinutes,
      source: s.source,
      questions: s.source === 'pick' ? s.questions.map((q) => ({ questionId: q.questionId, marks: q.marks, negativeMarks: q.negativeMarks })) : [],
      draw: s.source === 'draw' ? s.draw : null,
    })),
  };
}

const ruleSectionsOf = (sections: readonly EditableSection[]) =>
  sections.map((s) => ({ name: s.name, durationMinutes: s.durationMinutes, source: s.source, questions: s.questions, draw: s.draw, available: s.available }));

/** What stops the test (as edited) from being published; empty when it can be. */
export function problemsOf(settings: Pick<TestSettings, 'testType' | 'durationMinutes' | 'sectionWiseTimer'>, sections: readonly EditableSection[]): RuleProblem[] {
  return publishProblems(settings, ruleSectionsOf(sections));
}

export function totalsOf(sections: readonly EditableSection[]): { questions: number; marks: number } {
  const rules = ruleSectionsOf(sections);
  return {
    questions: rules.reduce((sum, s) => sum + sectionQuestionCount(s), 0),
    marks: Math.round(rules.reduce((sum, s) => sum + sectionMarks(s), 0) * 100) / 100,
  };
}

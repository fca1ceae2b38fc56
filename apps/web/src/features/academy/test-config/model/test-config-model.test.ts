import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  defaultSettings,
  moveItem,
  moveQuestion,
  newSection,
  problemsOf,
  removeQuestion,
  saveBodyOf,
  setSource,
  totalsOf,
  updateQuestion,
  updateSection,
  type EditableSection,
} from './test-config-model';

const question = (questionId: number, marks = 4) => ({ questionId, title: `Q${questionId}`, preview: '', marks, negativeMarks: 1 });

function twoSections(): EditableSection[] {
  let sections = [newSection('Physics'), newSection('Chemistry')];
  sections = addQuestion(sections, 0, question(1));
  sections = addQuestion(sections, 0, question(2));
  sections = setSource(sections, 1, 'draw');
  return sections;
}

describe('sections being edited', () => {
  it('moves items within range only', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });

  it('places a question once in the whole test, and reorders and removes picks', () => {
    let sections = twoSections();
    sections = setSource(sections, 1, 'pick');
    expect(addQuestion(sections, 1, question(1))[1]!.questions).toEqual([]);
    sections = moveQuestion(sections, 0, 1, 0);
    expect(sections[0]!.questions.map((q) => q.questionId)).toEqual([2, 1]);
    sections = removeQuestion(sections, 0, 0);
    expect(sections[0]!.questions.map((q) => q.questionId)).toEqual([1]);
  });

  it('builds the save call: picks with marks for pick sections, the rule for draw sections', () => {
    let sections = twoSections();
    sections = updateQuestion(sections, 0, 1, { marks: 2, negativeMarks: 0.5 });
    const body = saveBodyOf(7, sections);
    expect(body.sections[0]).toMatchObject({ source: 'pick', draw: null, questions: [{ questionId: 1, marks: null }, { questionId: 2, marks: 2, negativeMarks: 0.5 }] });
    expect(body.sections[1]).toMatchObject({ source: 'draw', questions: [], draw: { count: 10, marks: 4, negativeMarks: 1 } });
    expect(body.sections[0]).not.toHaveProperty('sectionId');
  });

  it('counts questions and marks per attempt (a draw gives its count)', () => {
    expect(totalsOf(twoSections())).toEqual({ questions: 12, marks: 48 });
  });
});

describe('what stops publishing', () => {
  const settings = defaultSettings(1, 1);

  it('needs sections with questions, a duration, and negative marks within marks', () => {
    expect(problemsOf(settings, []).map((p) => p.key)).toEqual(['tcNoSections']);
    expect(problemsOf({ ...settings, durationMinutes: 0 }, twoSections()).map((p) => p.key)).toEqual(['tcDurationPositive']);
    let sections = twoSections();
    sections = updateQuestion(sections, 0, 0, { marks: 1, negativeMarks: 2 });
    sections = updateSection(sections, 1, { draw: { count: 5, topicIds: [], difficulties: [], marks: 4, negativeMarks: 1 }, available: 3 });
    sections = [...sections, newSection('Empty')];
    expect(problemsOf(settings, sections)).toEqual([
      { field: 'sections.0.questions.0.negativeMarks', key: 'tcNegativeAboveMarks' },
      { field: 'sections.1.draw.count', key: 'tcDrawShort' },
      { field: 'sections.2.questions', key: 'tcSectionEmpty' },
    ]);
  });

  it('asks for each section’s time when timing is per section; a practice test may be untimed', () => {
    expect(problemsOf({ ...settings, sectionWiseTimer: true }, twoSections()).map((p) => p.field)).toEqual(['sections.0.durationMinutes', 'sections.1.durationMinutes']);
    expect(problemsOf({ ...settings, testType: 'practice', durationMinutes: 0 }, twoSections())).toEqual([]);
  });
});

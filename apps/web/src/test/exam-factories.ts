import type { ExamSession, QuestionType, SessionQuestion, SessionQuestionBase, SessionQuestionKindFields, SessionSection } from '@app/contracts';

/** A question of any kind with every kind's own fields (the player reads those of its kind only). */
type AnyKindQuestion = SessionQuestionBase & { questionType: QuestionType } & SessionQuestionKindFields;

/** Builds an attempt as the engine returns it, for the player's unit tests. */
export function makeQuestion(id: number, overrides: Partial<AnyKindQuestion> = {}): SessionQuestion {
  const question: AnyKindQuestion = {
    questionID: id,
    questionTaskMapID: 1000 + id,
    questionType: 'singleChoice',
    contentType: 'text',
    questionTitle: `Question ${id}`,
    questionData: `What is ${id}?`,
    mediaUrl: null,
    answerTitle: null,
    marks: 4,
    negativeMarks: 1,
    blankCount: 0,
    answer: [
      { answerID: id * 10 + 1, answerData: 'A' },
      { answerID: id * 10 + 2, answerData: 'B' },
    ],
    hint: null,
    instructions: null,
    lineNumber: null,
    questionDetails: null,
    sampleInputOutputs: [],
    startFileUrl: null,
    allowsPartialCredit: false,
    answerID: null,
    answerData: null,
    timeSpent: 0,
    isMarked: false,
    isShowAnswer: false,
    seq: 0,
    language: 'en',
    languages: [],
    ...overrides,
  };
  return question as SessionQuestion;
}

export function makeSection(index: number, questionIds: number[], overrides: Partial<SessionSection> = {}): SessionSection {
  return {
    sectionIndex: index,
    sectionName: `Section ${index + 1}`,
    sectionDuration: 0,
    sectionTimeRemaining: null,
    sectionWiseTimer: false,
    totalQuestions: questionIds.length,
    isActiveSection: index === 0,
    isSectionCompleted: false,
    question: questionIds.map((id) => makeQuestion(id)),
    ...overrides,
  };
}

export function makeSession(overrides: Partial<ExamSession> = {}): ExamSession {
  return {
    taskID: 7,
    courseID: 3,
    TaskName: 'Mock test',
    type: 'test',
    QuestionDisplayType: 'vertical',
    shuffle: false,
    sectionWiseTimer: false,
    questionSwitch: 1,
    mandatory: false,
    IsSectionNavigationAllowed: false,
    IsEditorAllowed: true,
    IsCameraAllowed: false,
    IsTabAlertAllowed: 1,
    Warnings: 3,
    ScoreVisible: true,
    englishAuthoritative: true,
    partialSubmit: 5,
    TestSessionID: 'attempt-1',
    status: 'open',
    totalDuration: 3600,
    RemainingTime: 3600,
    timeSpent: 0,
    date: '2026-01-01T00:00:00.000Z',
    expiryDate: '2026-01-01T01:00:00.000Z',
    CurrentDate: '2026-01-01T00:00:00.000Z',
    tabChangeWarnings: 0,
    localState: null,
    section: [makeSection(0, [1, 2, 3]), makeSection(1, [4, 5])],
    ...overrides,
  };
}

import { envelope, ExamSessionSchema, mergeSessionContent, SessionQuestionStateSchema, StudentSessionSchema, type ExamSession, type SessionQuestion } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { CONTENT_MAPS, contentMembersJson, sessionEnvelopeJson, SHARED_SOURCE, type SessionWithContent } from './exam.session-json.js';

function question(mapId: number, source: object, answer: Partial<SessionQuestion> = {}): SessionQuestion {
  const q = {
    questionID: mapId + 1000,
    questionTaskMapID: mapId,
    questionType: 'singleChoice',
    contentType: 'text',
    questionTitle: `Q${mapId}`,
    questionData: `What is ${mapId}?`,
    mediaUrl: null,
    answerTitle: null,
    marks: 4,
    negativeMarks: 1,
    blankCount: 0,
    answer: [1, 2, 3, 4].map((n) => ({ answerID: n, answerData: String(n) })),
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
    languages: [
      {
        language: 'en',
        questionTitle: `Q${mapId}`,
        questionData: `What is ${mapId}?`,
        answerTitle: null,
        answer: [],
        hint: null,
        instructions: null,
      },
    ],
    // Never declared by the contract: must not leave the server.
    correctAnswerId: 2,
    ...answer,
  } as unknown as SessionQuestion;
  (q as SessionQuestion & { [SHARED_SOURCE]?: object })[SHARED_SOURCE] = source;
  return q;
}

function session(questions: SessionQuestion[]): SessionWithContent {
  return {
    contentKey: null,
    taskID: 1,
    courseID: 2,
    TaskName: 'Mock',
    type: 'test',
    QuestionDisplayType: 'vertical',
    shuffle: false,
    sectionWiseTimer: false,
    questionSwitch: 1,
    mandatory: false,
    IsSectionNavigationAllowed: true,
    IsEditorAllowed: true,
    IsCameraAllowed: false,
    IsTabAlertAllowed: 1,
    Warnings: 3,
    ScoreVisible: true,
    englishAuthoritative: true,
    partialSubmit: 0,
    TestSessionID: 'attempt-1',
    status: 'open',
    totalDuration: 10800,
    RemainingTime: 10790,
    timeSpent: 10,
    date: '2026-11-24T09:00:00.000Z',
    expiryDate: '2026-11-24T12:00:00.000Z',
    CurrentDate: '2026-11-24T09:00:10.000Z',
    tabChangeWarnings: 0,
    localState: { at: 3 },
    section: [
      {
        sectionIndex: 0,
        sectionName: 'Physics',
        sectionDuration: 0,
        sectionTimeRemaining: null,
        sectionWiseTimer: false,
        totalQuestions: questions.length,
        isActiveSection: true,
        isSectionCompleted: false,
        question: questions,
        secret: 'not declared',
      } as ExamSession['section'][number],
    ],
  };
}

describe('session JSON with shared question parts', () => {
  it('says what the contract schema says, undeclared keys stripped, for every student', () => {
    const sources = [{}, {}];
    const first = session([question(1, sources[0]!), question(2, sources[1]!)]);
    const second = session([
      question(1, sources[0]!, { answerID: 3, seq: 7, timeSpent: 40, isMarked: true }),
      question(2, sources[1]!),
    ]);
    for (const s of [first, second, first]) {
      const sent = JSON.parse(sessionEnvelopeJson(s, 'Success'));
      expect(sent).toEqual(
        JSON.parse(JSON.stringify(envelope(StudentSessionSchema).parse({ status: true, message: 'Success', body: s }))),
      );
      expect(JSON.stringify(sent)).not.toContain('correctAnswerId');
      expect(JSON.stringify(sent)).not.toContain('not declared');
    }
    const answered = JSON.parse(sessionEnvelopeJson(second, 'Success')).body.section[0].question[0];
    expect(answered).toMatchObject({ questionTaskMapID: 1, answerID: 3, seq: 7, timeSpent: 40, isMarked: true });
    const fresh = JSON.parse(sessionEnvelopeJson(first, 'Success')).body.section[0].question[0];
    expect(fresh).toMatchObject({ questionTaskMapID: 1, answerID: null, seq: 0, timeSpent: 0, isMarked: false });
  });

  it('refuses a session the contract refuses, as the response schema would', () => {
    const bad = session([question(1, {}, { marks: 'four' as unknown as number })]);
    expect(() => sessionEnvelopeJson(bad, 'Success')).toThrow();
  });

  it('sends the questions of the content resource as ids and state; merged with the content, the session is the full one', () => {
    const sources = [{}, {}, {}];
    const full = session([
      question(1, sources[0]!, { answerID: 3, seq: 7, timeSpent: 40, isMarked: true }),
      question(2, sources[1]!),
      // A drawn question: not in the content, sent whole.
      question(9, sources[2]!, { answerID: 2, seq: 1 }),
    ]);
    const withRefs: SessionWithContent = { ...full, contentKey: '7-abcdefghijklmnopqrstuvwxyz' };
    withRefs[CONTENT_MAPS] = new Set([1, 2]);
    const sent = JSON.parse(sessionEnvelopeJson(withRefs, 'Success'));
    expect(sent.body.contentKey).toBe('7-abcdefghijklmnopqrstuvwxyz');
    const [first, second, drawn] = sent.body.section[0].question;
    expect(first).toEqual({ questionID: 1001, questionTaskMapID: 1, answerID: 3, answerData: null, timeSpent: 40, isMarked: true, isShowAnswer: false, seq: 7 });
    expect(Object.keys(second).sort()).toEqual(['answerData', 'answerID', 'isMarked', 'isShowAnswer', 'questionID', 'questionTaskMapID', 'seq', 'timeSpent']);
    expect(drawn).toMatchObject({ questionTaskMapID: 9, questionData: 'What is 9?', answerID: 2, seq: 1 });
    expect(StudentSessionSchema.safeParse(sent.body).success).toBe(true);
    // Unanswered questions are written without the schema: what it would write, key for key.
    expect(JSON.stringify(second)).toBe(JSON.stringify(SessionQuestionStateSchema.parse(full.section[0]!.question[1])));
    const unanswered = { ...withRefs, section: [{ ...withRefs.section[0]!, question: [question(1, sources[0]!), question(2, sources[1]!)] }] };
    unanswered[CONTENT_MAPS] = new Set([1, 2]);
    expect(JSON.stringify(JSON.parse(sessionEnvelopeJson(unanswered, 'Success')).body.section[0].question)).toBe(
      JSON.stringify(unanswered.section[0]!.question.map((q) => SessionQuestionStateSchema.parse(q))),
    );

    const content = JSON.parse(`{"contentKey":"7-abcdefghijklmnopqrstuvwxyz",${contentMembersJson(
      [{ sectionIndex: 0, sectionName: 'Physics', questionTaskMapIDs: [1, 2] }],
      full.section[0]!.question.slice(0, 2),
      false,
    )}}`);
    expect(JSON.stringify(content)).not.toContain('correctAnswerId');
    expect(content.questions[0]).not.toHaveProperty('answerID');
    // The player's merge gives back what the whole session said.
    const whole = JSON.parse(sessionEnvelopeJson(full, 'Success')).body;
    const { contentKey: _key, ...expected } = whole;
    expect(mergeSessionContent(sent.body, content)).toEqual(expected);
    expect(ExamSessionSchema.parse(mergeSessionContent(sent.body, content))).toEqual(expected);
    // Content of another set cannot stand in.
    expect(() => mergeSessionContent(sent.body, { ...content, questions: content.questions.slice(1) })).toThrow();
  });
});

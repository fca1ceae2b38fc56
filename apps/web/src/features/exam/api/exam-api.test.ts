import type { ContentQuestion, ExamContent, SessionQuestion, StudentSession } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examApi, forgetContents } from './exam-api';

const content = (mapId: number, text: string): ContentQuestion => ({
  questionID: mapId + 100,
  questionTaskMapID: mapId,
  questionType: 'singleChoice',
  contentType: 'text',
  questionTitle: '',
  questionData: text,
  mediaUrl: null,
  answerTitle: null,
  marks: 4,
  negativeMarks: 1,
  answer: [
    { answerID: 1, answerData: 'Newton' },
    { answerID: 2, answerData: 'Joule' },
  ],
  hint: null,
  instructions: null,
  allowsPartialCredit: false,
  language: 'en',
  languages: [
    { language: 'en', questionTitle: '', questionData: text, answerTitle: null, answer: [{ answerID: 1, answerData: 'Newton' }], hint: null, instructions: null },
    { language: 'tn', questionTitle: '', questionData: `${text} (தமிழ்)`, answerTitle: null, answer: [{ answerID: 1, answerData: 'நியூட்டன்' }], hint: null, instructions: null },
  ],
});
const state = (mapId: number, answerID: number | null = null) => ({ questionID: mapId + 100, questionTaskMapID: mapId, answerID, answerData: null, timeSpent: answerID ? 30 : 0, isMarked: false, isShowAnswer: false, seq: answerID ? 2 : 0 });

const CONTENT: ExamContent = {
  contentKey: '7-abcdefghijklmnopqrstuv',
  sections: [{ sectionIndex: 0, sectionName: 'Physics', questionTaskMapIDs: [1, 2] }],
  questions: [content(1, 'Unit of force?'), content(2, 'Unit of energy?')],
};
const drawn: SessionQuestion = { ...content(9, 'A drawn question'), ...state(9) };

function session(contentKey: string | null, questions: StudentSession['section'][number]['question']): StudentSession {
  return {
    taskID: 1,
    courseID: 2,
    TaskName: 'Mock',
    type: 'test',
    QuestionDisplayType: 'vertical',
    shuffle: true,
    sectionWiseTimer: false,
    questionSwitch: 1,
    mandatory: false,
    IsSectionNavigationAllowed: true,
    IsEditorAllowed: true,
    IsCameraAllowed: false,
    IsTabAlertAllowed: 1,
    Warnings: 3,
    ScoreVisible: true,
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
    localState: null,
    englishAuthoritative: true,
    contentKey,
    section: [
      { sectionIndex: 0, sectionName: 'Physics', sectionDuration: 0, sectionTimeRemaining: null, sectionWiseTimer: false, totalQuestions: questions.length, isActiveSection: true, isSectionCompleted: false, question: questions },
    ],
  };
}

const ok = (body: unknown) => new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200 });

describe('the player’s session with the test’s content', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let lean: StudentSession;

  beforeEach(() => {
    forgetContents();
    // The session as the server sends it: shuffled order, the first question answered, a draw whole.
    lean = session(CONTENT.contentKey, [state(2), state(1, 2), drawn]);
    fetchMock = vi.fn(async (url: string) => (String(url).includes('/exam/v1/content') ? ok(CONTENT) : ok(lean)));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('merges each question’s content under the student’s state, in the session’s order, draws as sent', async () => {
    const merged = await examApi.practise({ taskID: 1, courseID: 2, languageID: 1 });
    const [first, second, third] = merged.section[0]!.question;
    expect(first).toEqual({ ...content(2, 'Unit of energy?'), ...state(2) });
    expect(second).toMatchObject({ questionData: 'Unit of force?', answerID: 2, timeSpent: 30, seq: 2, marks: 4 });
    expect(second!.languages.find((l) => l.language === 'tn')!.questionData).toBe('Unit of force? (தமிழ்)');
    expect(third).toEqual(drawn);
    expect(merged).not.toHaveProperty('contentKey');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`/api/exam/v1/content?key=${encodeURIComponent(CONTENT.contentKey)}`);
    expect(init.method).toBe('GET');
  });

  it('fetches a content once per key: a resume and the session details reuse it', async () => {
    await examApi.practise({ taskID: 1, courseID: 2, languageID: 1 });
    lean = session(CONTENT.contentKey, [state(2, 1), state(1)]);
    const details = await examApi.getSessionDetails({ TestSessionID: 'attempt-1', taskID: 1 });
    expect(details.section[0]!.question[0]).toMatchObject({ questionData: 'Unit of energy?', answerID: 1 });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/exam/v1/content'))).toHaveLength(1);
  });

  it('asks for no content when the session holds every question, and tries again after a failed fetch', async () => {
    lean = session(null, [drawn]);
    expect((await examApi.practise({ taskID: 1, courseID: 2 })).section[0]!.question).toEqual([drawn]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    lean = session(CONTENT.contentKey, [state(1)]);
    let offline = true;
    fetchMock.mockImplementation(async (url: string) => {
      if (String(url).includes('/exam/v1/content') && offline) throw new TypeError('Failed to fetch');
      return String(url).includes('/exam/v1/content') ? ok(CONTENT) : ok(lean);
    });
    await expect(examApi.practise({ taskID: 1, courseID: 2 })).rejects.toMatchObject({ code: 'NETWORK' });
    offline = false;
    expect((await examApi.practise({ taskID: 1, courseID: 2 })).section[0]!.question[0]!.questionData).toBe('Unit of force?');
  });

  it('refuses a content that does not hold the session’s questions', async () => {
    lean = session(CONTENT.contentKey, [state(5)]);
    await expect(examApi.practise({ taskID: 1, courseID: 2 })).rejects.toThrow(/holds no question 5/);
  });
});

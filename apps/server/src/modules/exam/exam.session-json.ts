import {
  ContentQuestionSchema,
  ExamContentSchema,
  SessionQuestionBaseSchema,
  SessionQuestionStateSchema,
  SessionSectionSchema,
  StudentSessionSchema,
  STUDENT_QUESTION_FIELDS,
  type ExamSession,
  type SessionQuestion,
} from '@app/contracts';

/**
 * The player's session as JSON, through the contract's schemas like every response. The
 * questions of the attempt's served set go out as their ids and the student's state only: their
 * content is the test's content resource (exam.content), one JSON per served set, whose
 * questions are validated and serialised once per question as placed and reused. Questions
 * outside it (draws, attempts without a served set) go out whole, their shared part made once
 * too. See docs/decisions/035-exam-day-at-scale.md.
 */

/** The shared part is the content question: a union on the kind, so each kind's own fields only. */
const SharedQuestionSchema = ContentQuestionSchema;
const StudentQuestionSchema = SessionQuestionBaseSchema.pick(STUDENT_QUESTION_FIELDS);
const SectionHeadSchema = SessionSectionSchema.omit({ question: true });
const SessionHeadSchema = StudentSessionSchema.omit({ section: true });
const ContentSectionsSchema = ExamContentSchema.shape.sections;

/**
 * Set by the session view on each question it builds: the object the shared part was built from
 * (the test's question as placed, from the exam content's cache, never changed once made).
 */
export const SHARED_SOURCE = Symbol('session question source');

/** On a session: the questionTaskMapIDs whose content is in the content resource at `contentKey`. */
export const CONTENT_MAPS = Symbol('questions in the content resource');

/** A session as the service gives it to the route: the full session, and what of it is in the content resource. */
export type SessionWithContent = ExamSession & { contentKey: string | null; [CONTENT_MAPS]?: ReadonlySet<number> };

type Tagged = SessionQuestion & { [SHARED_SOURCE]?: object };

/** Shared JSON by source object, for a graded test and for practice (hints differ). */
const sharedJson = new WeakMap<object, { test?: string; practice?: string }>();

/** An object's JSON without its closing brace, ready for more members. */
const open = (json: string) => json.slice(0, -1);

/** The shared part of a question (everything but the student's state), without its closing brace. */
function sharedOf(question: Tagged, practice: boolean): string {
  const source = question[SHARED_SOURCE];
  const slot = practice ? 'practice' : 'test';
  let shared = source ? sharedJson.get(source)?.[slot] : undefined;
  if (shared === undefined) {
    shared = open(JSON.stringify(SharedQuestionSchema.parse(question)));
    if (source) sharedJson.set(source, { ...sharedJson.get(source), [slot]: shared });
  }
  return shared;
}

/**
 * A question of the content resource: its ids and the student's state. Unanswered (every question
 * of a new attempt) it is written as the schema would write it, without running it per question.
 */
function stateJson(q: Tagged): string {
  if (
    q.answerID === null &&
    q.answerData === null &&
    q.timeSpent === 0 &&
    q.isMarked === false &&
    q.isShowAnswer === false &&
    q.seq === 0 &&
    q.itemOrder === undefined &&
    Number.isInteger(q.questionID) &&
    Number.isInteger(q.questionTaskMapID)
  ) {
    return `{"questionID":${q.questionID},"questionTaskMapID":${q.questionTaskMapID},"answerID":null,"answerData":null,"timeSpent":0,"isMarked":false,"isShowAnswer":false,"seq":0}`;
  }
  return JSON.stringify(SessionQuestionStateSchema.parse(q));
}

function questionJson(question: Tagged, practice: boolean, inContent: boolean): string {
  if (inContent) return stateJson(question);
  const own = JSON.stringify(StudentQuestionSchema.parse(question));
  return `${sharedOf(question, practice)},${own.slice(1)}`;
}

/** The response envelope of practise and getSessionDetails, as the route sends it. */
export function sessionEnvelopeJson(session: SessionWithContent, message: string): string {
  const practice = session.type === 'practice';
  const inContent = session.contentKey ? session[CONTENT_MAPS] : undefined;
  const sections = session.section.map((section) => {
    const questions = section.question
      .map((q) => questionJson(q as Tagged, practice, !!inContent?.has(q.questionTaskMapID)))
      .join(',');
    return `${open(JSON.stringify(SectionHeadSchema.parse(section)))},"question":[${questions}]}`;
  });
  const head = open(JSON.stringify(SessionHeadSchema.parse({ ...session, contentKey: inContent ? session.contentKey : null })));
  return `{"status":true,"message":${JSON.stringify(message)},"body":${head},"section":[${sections.join(',')}]}}`;
}

/**
 * The members of a content resource's body after its key: its sections (with the placement
 * order of their questions) and its questions' shared parts, through the contract's schema.
 */
export function contentMembersJson(
  sections: { sectionIndex: number; sectionName: string; questionTaskMapIDs: number[] }[],
  questions: SessionQuestion[],
  practice: boolean,
): string {
  const shared = questions.map((q) => `${sharedOf(q as Tagged, practice)}}`).join(',');
  return `"sections":${JSON.stringify(ContentSectionsSchema.parse(sections))},"questions":[${shared}]`;
}

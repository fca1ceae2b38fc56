import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../common/constants.js';
import { defineErrors } from '../common/errors.js';
import { idField, msg } from '../common/validation.js';

/** Answer-key challenges and a discussion thread per question of a test (issue 35, items 3 and 4; decision 067). */
export const CHALLENGE_LIMITS = {
  textMax: 2000,
  reasonMin: 10,
  moderationReasonMax: 500,
  /** Per user and minute (the route's own rate limit, on top of the API's). */
  postsPerMinute: 6,
  challengesPerMinute: 10,
  /** A challenge's picture: PNG, JPEG or WebP, checked by content, at most the image upload size (5 MB). */
  imageTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** What staff decide about a challenged key. */
export const KEY_DECISIONS = ['keep', 'change', 'acceptSeveral', 'bonus', 'drop'] as const;
export const KeyDecisionSchema = z.enum(KEY_DECISIONS, msg('challengeDecisionInvalid'));
export type KeyDecision = z.infer<typeof KeyDecisionSchema>;

/** A challenge is open until staff decide; then it carries the decision taken. */
export const CHALLENGE_STATUSES = ['open', ...KEY_DECISIONS] as const;
export const ChallengeStatusSchema = z.enum(CHALLENGE_STATUSES);
export type ChallengeStatus = z.infer<typeof ChallengeStatusSchema>;

/** Plain text of a post or a reason: trimmed, not empty, at most textMax characters (markup is refused by the server). */
const textField = z
  .string(msg('challengeTextEmpty'))
  .trim()
  .min(1, msg('challengeTextEmpty'))
  .max(CHALLENGE_LIMITS.textMax, msg('challengeTextTooLong'));

const questionRef = {
  taskId: idField,
  questionTaskMapID: idField,
};

export const ThreadQuerySchema = z.object(questionRef);
export type ThreadQuery = z.input<typeof ThreadQuerySchema>;

export const PostSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  /** Staff posts are marked as such (a teacher's answer). */
  isStaff: z.boolean(),
  isOwn: z.boolean(),
  language: z.enum(SUPPORTED_LANGUAGES),
  text: z.string(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  /** Staff only: why and by whom a post was taken down (students never receive taken-down posts). */
  moderation: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type Post = z.infer<typeof PostSchema>;

export const ChallengeSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  questionTaskMapID: z.number().int(),
  reason: z.string(),
  status: ChallengeStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Staff's note with the decision (the challenger is told it). */
  decisionNote: z.string().nullable(),
  /** The picture sent with it: a link that expires (the challenger's and the test's staff's only); null when none. */
  imageUrl: z.string().nullable(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const ThreadSchema = z.object({
  taskId: z.number().int(),
  questionTaskMapID: z.number().int(),
  /** The verified explanation a teacher pinned, first; then the other posts, oldest first. */
  posts: z.array(PostSchema),
  /** The caller's own challenge of this question (students), the newest; null when none. */
  myChallenge: ChallengeSchema.nullable(),
  /** A student may challenge: the answers are released and no challenge of theirs is open. */
  canChallenge: z.boolean(),
});
export type Thread = z.infer<typeof ThreadSchema>;

export const CreatePostBodySchema = z.object({
  ...questionRef,
  text: textField,
  language: z.enum(SUPPORTED_LANGUAGES, msg('challengeLanguageInvalid')),
});
export type CreatePostBody = z.input<typeof CreatePostBodySchema>;

export const CreateChallengeBodySchema = z.object({
  ...questionRef,
  reason: textField.pipe(z.string().min(CHALLENGE_LIMITS.reasonMin, msg('challengeReasonTooShort'))),
});
export type CreateChallengeBody = z.input<typeof CreateChallengeBodySchema>;

/** The student's own open challenge a picture goes with (the picture is the multipart field `file`). */
export const ChallengeImageQuerySchema = z.object({ challengeId: idField });

export const MyChallengesQuerySchema = z.object({ taskId: idField });
export const MyChallengesSchema = z.array(ChallengeSchema);

// ---------- Staff ----------

export const ChallengeListQuerySchema = z.object({ taskId: idField });

export const ChallengedQuestionSchema = z.object({
  questionTaskMapID: z.number().int(),
  questionId: z.number().int(),
  /** The question's number in the test and its title. */
  number: z.number().int(),
  title: z.string(),
  /** The statement as authored (HTML with formulas). */
  text: z.string(),
  /** The options with the current key marked (staff see keys). */
  options: z.array(z.object({ answerId: z.number().int(), label: z.string(), isKey: z.boolean(), alsoAccepted: z.boolean() })),
  award: z.enum(['key', 'bonus', 'dropped']),
  /** The item statistics of the test's statistics page (first attempts), null when nobody answered. */
  stats: z
    .object({
      attempts: z.number().int(),
      facility: z.number().nullable(),
      discriminationIndex: z.number().nullable(),
      /** How many chose each option (0: no single option). */
      chosen: z.array(z.object({ answerId: z.number().int(), count: z.number().int() })),
    })
    .nullable(),
  openCount: z.number().int(),
  challenges: z.array(
    ChallengeSchema.extend({ studentName: z.string() }),
  ),
  /** Earlier decisions on this question in this test, newest first. */
  decisions: z.array(
    z.object({
      id: z.number().int(),
      decision: KeyDecisionSchema,
      note: z.string(),
      byName: z.string(),
      at: z.string(),
      regradeId: z.number().int().nullable(),
      attemptsRegraded: z.number().int(),
    }),
  ),
});
export type ChallengedQuestion = z.infer<typeof ChallengedQuestionSchema>;
export const ChallengeListSchema = z.object({ taskId: z.number().int(), testName: z.string(), questions: z.array(ChallengedQuestionSchema) });
export type ChallengeList = z.infer<typeof ChallengeListSchema>;

export const DecideBodySchema = z.object({
  ...questionRef,
  decision: KeyDecisionSchema,
  /** change: the new key's option ids (one for a single-answer question); acceptSeveral: every option to accept. */
  answerIds: z.array(idField).max(20, msg('badRequest')).optional(),
  /** Why (told to the challengers, kept in the audit log and the question's history). */
  note: textField,
});
export type DecideBody = z.input<typeof DecideBodySchema>;

export const DecisionResultSchema = z.object({
  decisionId: z.number().int(),
  decision: KeyDecisionSchema,
  /** The regrade that applied it (null for keep, or when no submitted attempt was served the question). */
  regradeId: z.number().int().nullable(),
  attemptsRegraded: z.number().int(),
  challengesClosed: z.number().int(),
  /** The question's version the attempts now hold. */
  toVersion: z.number().int(),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

export const HidePostBodySchema = z.object({
  postId: idField,
  reason: z
    .string(msg('challengeTextEmpty'))
    .trim()
    .min(1, msg('challengeTextEmpty'))
    .max(CHALLENGE_LIMITS.moderationReasonMax, msg('challengeTextTooLong')),
});
export const PinPostBodySchema = z.object({ postId: idField, pinned: z.boolean() });

export const CHALLENGE_ERRORS = defineErrors({
  CHALLENGE_QUESTION_NOT_FOUND: {
    http: 404,
    message: { en: 'This question is not in a test you can see.', tn: 'இந்தக் கேள்வி நீங்கள் பார்க்கக்கூடிய தேர்வில் இல்லை.' },
  },
  CHALLENGE_NOT_RELEASED: {
    http: 409,
    message: {
      en: 'The answers of this test are not released yet. Challenges and discussion open when they are.',
      tn: 'இந்தத் தேர்வின் விடைகள் இன்னும் வெளியிடப்படவில்லை. அவை வெளியானதும் ஆட்சேபனைகளும் கலந்துரையாடலும் திறக்கும்.',
    },
  },
  CHALLENGE_ALREADY_OPEN: {
    http: 409,
    message: {
      en: 'You already have an open challenge on this question. Wait for the teachers’ decision.',
      tn: 'இந்தக் கேள்வியில் உங்கள் ஆட்சேபனை ஏற்கனவே நிலுவையில் உள்ளது. ஆசிரியர்களின் முடிவுக்குக் காத்திருக்கவும்.',
    },
  },
  CHALLENGE_TEXT_MARKUP: {
    http: 400,
    message: {
      en: 'Write plain text: HTML tags and scripts are not allowed.',
      tn: 'வெற்று உரையாக எழுதவும்: HTML குறிகளும் ஸ்கிரிப்டுகளும் அனுமதிக்கப்படாது.',
    },
  },
  CHALLENGE_NOT_FOUND: {
    http: 404,
    message: { en: 'This challenge was not found.', tn: 'இந்த ஆட்சேபனை கிடைக்கவில்லை.' },
  },
  CHALLENGE_CLOSED: {
    http: 409,
    message: {
      en: 'The teachers have already decided this challenge: a picture can no longer be added.',
      tn: 'இந்த ஆட்சேபனையில் ஆசிரியர்கள் ஏற்கனவே முடிவெடுத்துவிட்டனர்: இனி படத்தைச் சேர்க்க முடியாது.',
    },
  },
  CHALLENGE_POST_NOT_FOUND: {
    http: 404,
    message: { en: 'This post was not found.', tn: 'இந்தப் பதிவு கிடைக்கவில்லை.' },
  },
  CHALLENGE_ANSWERS_INVALID: {
    http: 400,
    message: {
      en: 'Choose options of this question: one for a new key of a single-answer question, two or more to accept several.',
      tn: 'இந்தக் கேள்வியின் தேர்வுகளைத் தேர்ந்தெடுக்கவும்: ஒற்றை விடைக் கேள்விக்குப் புதிய விடையாக ஒன்று, பலவற்றை ஏற்க இரண்டு அல்லது அதற்கு மேல்.',
    },
  },
  CHALLENGE_KEY_NOT_OPTIONS: {
    http: 422,
    message: {
      en: 'This question is not answered by choosing options: change its key in the question bank and regrade it there.',
      tn: 'இந்தக் கேள்விக்குத் தேர்வுகளைத் தேர்ந்தெடுத்து விடையளிப்பதில்லை: அதன் விடையைக் கேள்வி வங்கியில் மாற்றி அங்கே மறுமதிப்பீடு செய்யவும்.',
    },
  },
  CHALLENGE_PIN_STAFF_ONLY: {
    http: 400,
    message: {
      en: 'Only a visible post by staff can be pinned as the verified explanation.',
      tn: 'பணியாளர் எழுதிய, மறைக்கப்படாத பதிவை மட்டுமே சரிபார்த்த விளக்கமாகப் பொருத்த முடியும்.',
    },
  },
});

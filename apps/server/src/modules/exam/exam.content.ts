import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { CONTENT_KEY_PATTERN, EXAM_ERRORS, type ExamSession, type Language } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import { translate } from '../../lib/language.js';
import { isDrawSection, type MappedQuestion, type SectionRow, type TaskBundle } from '../academy/student/academy.student.exam-content.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { AttemptRow } from './exam.repository.js';
import { CONTENT_MAPS, contentMembersJson, type SessionWithContent } from './exam.session-json.js';
import { questionView } from './exam.views.js';

/**
 * The test's content resource (decision 035): the questions of one served set, the same for every
 * student holding an attempt on it, as ONE body per set built once per process and kept ready,
 * compressed, under a key that names the set and hashes the content (so it is immutable and the
 * browser's HTTP cache keeps it). Sessions carry the key and only the student's state.
 */

/** A content body, ready: its key, the body's JSON (its members after the key), and its encodings by language. */
export interface ContentEntry {
  key: string;
  setId: number;
  /** The questionTaskMapIDs it holds. */
  mapIds: ReadonlySet<number>;
  members: string;
  /** Encoded envelopes by `${language}:${encoding}`. */
  encoded: Map<string, Buffer>;
}

/** Bodies kept per process (a 180-question bilingual test is ~270 KB of JSON, ~40 KB compressed each way). */
const CONTENT_CACHE_ENTRIES = 100;
/** How long a user's right to a set, once looked up, is remembered (attempts are never moved to another set but by a regrade). */
const ACCESS_TTL_MS = 60_000;
const ACCESS_CACHE_ENTRIES = 20_000;
/** A year: the key changes whenever the content does. */
export const CONTENT_MAX_AGE_SECONDS = 31_536_000;

type Encoding = 'br' | 'gzip' | 'identity';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/** Built from the same question objects as before (the test bundle's cache), the same body is reused without hashing again. */
interface Built {
  practice: boolean;
  setId: number;
  sections: SectionRow[];
  maps: MappedQuestion[];
  entry: ContentEntry;
}

export function createExamContentResource(core: AttemptCore) {
  const { repo } = core;
  const byKey = new Map<string, ContentEntry>();
  const byFirstQuestion = new WeakMap<MappedQuestion, Built[]>();
  const access = new Map<string, { attempt: { id: string; taskId: number }; until: number }>();

  function remember(entry: ContentEntry): ContentEntry {
    const known = byKey.get(entry.key);
    if (known) return known;
    if (byKey.size >= CONTENT_CACHE_ENTRIES) byKey.delete(byKey.keys().next().value!);
    byKey.set(entry.key, entry);
    return entry;
  }

  /**
   * The content of a served set as this bundle (the attempt's, at its served versions) holds it:
   * the questions of every section but the draws, in placement order. Null without any.
   */
  function contentOf(setId: number, bundle: TaskBundle): ContentEntry | null {
    const drawSections = new Set(bundle.sections.filter(isDrawSection).map((s) => s.id));
    const maps = bundle.maps.filter((m) => !drawSections.has(m.sectionId));
    if (!maps.length) return null;
    const practice = bundle.task.testType === 'practice';
    const candidates = byFirstQuestion.get(maps[0]!) ?? [];
    const same = candidates.find(
      (c) => c.setId === setId && c.practice === practice && c.sections === bundle.sections && c.maps.length === maps.length && c.maps.every((m, i) => m === maps[i]),
    );
    if (same) return same.entry;
    const sections = bundle.sections
      .filter((s) => !drawSections.has(s.id))
      .map((s) => ({ sectionIndex: s.sectionIndex, sectionName: s.name, questionTaskMapIDs: maps.filter((m) => m.sectionId === s.id).map((m) => m.mapId) }));
    const members = contentMembersJson(
      sections,
      maps.map((m) => questionView(m, undefined, practice)),
      practice,
    );
    const hash = createHash('sha256').update(members).digest('base64url').slice(0, 32);
    const entry = remember({ key: `${setId}-${hash}`, setId, mapIds: new Set(maps.map((m) => m.mapId)), members, encoded: new Map() });
    candidates.push({ practice, setId, sections: bundle.sections, maps, entry });
    if (candidates.length > 4) candidates.shift();
    byFirstQuestion.set(maps[0]!, candidates);
    return entry;
  }

  /** Remembers, for a minute, that the user holds this attempt on the set. */
  function grant(userId: number, setId: number, attempt: { id: string; taskId: number }) {
    const at = `${userId}:${setId}`;
    access.delete(at);
    if (access.size >= ACCESS_CACHE_ENTRIES) access.delete(access.keys().next().value!);
    access.set(at, { attempt, until: Date.now() + ACCESS_TTL_MS });
  }

  /**
   * The session as the route sends it: with the content key of the attempt's served set, if it
   * has one. The attempt's owner is then known to hold it: the content call that follows the
   * session (usually at once) needs no lookup in this process.
   */
  function withContent(session: ExamSession, attempt: AttemptRow, bundle: TaskBundle): SessionWithContent {
    const entry = attempt.servedSetId ? contentOf(attempt.servedSetId, bundle) : null;
    const out: SessionWithContent = { ...session, contentKey: entry?.key ?? null };
    if (entry) {
      out[CONTENT_MAPS] = entry.mapIds;
      grant(attempt.userId, entry.setId, { id: attempt.id, taskId: attempt.taskId });
    }
    return out;
  }

  /** The user's attempt on the set, remembered for a minute (only found ones: a new attempt is seen at once). */
  async function attemptOnSet(userId: number, setId: number) {
    const known = access.get(`${userId}:${setId}`);
    if (known && known.until > Date.now()) return known.attempt;
    const attempt = await repo.findAttemptOnServedSet(userId, setId);
    if (attempt) grant(userId, setId, attempt);
    return attempt;
  }

  /**
   * The content at `key`, for a user holding an attempt on its served set; anyone else, and a
   * key that is not (or no longer) the set's content, is "not found".
   */
  async function readContent(actor: Actor, key: string): Promise<ContentEntry> {
    if (!CONTENT_KEY_PATTERN.test(key)) throw examError(EXAM_ERRORS.EXAM_CONTENT_NOT_FOUND);
    const setId = Number(key.slice(0, key.indexOf('-')));
    const attempt = await attemptOnSet(actor.userId, setId);
    if (!attempt) throw examError(EXAM_ERRORS.EXAM_CONTENT_NOT_FOUND);
    const ready = byKey.get(key);
    if (ready) return ready;
    const entry = contentOf(setId, await core.loadBundle(attempt.taskId, attempt.id));
    if (!entry || entry.key !== key) throw examError(EXAM_ERRORS.EXAM_CONTENT_NOT_FOUND);
    return entry;
  }

  return { contentOf, withContent, readContent };
}

export type ExamContentResource = ReturnType<typeof createExamContentResource>;

/** The envelope of a content body in a language and an encoding, made once and kept. */
function encodedBody(entry: ContentEntry, language: Language, encoding: Encoding): Buffer {
  const at = `${language}:${encoding}`;
  let body = entry.encoded.get(at);
  if (!body) {
    const plain =
      entry.encoded.get(`${language}:identity`) ??
      Buffer.from(`{"status":true,"message":${JSON.stringify(translate('ok', language))},"body":{"contentKey":${JSON.stringify(entry.key)},${entry.members}}}`);
    entry.encoded.set(`${language}:identity`, plain);
    body =
      encoding === 'br'
        ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } })
        : encoding === 'gzip'
          ? gzipSync(plain, { level: 9 })
          : plain;
    entry.encoded.set(at, body);
  }
  return body;
}

/**
 * Sends a content body: 304 when the browser holds it (If-None-Match), else the body in the best
 * encoding it accepts, with a strong ETag per representation and a year's immutable caching.
 */
export function sendContent(req: FastifyRequest, reply: FastifyReply, entry: ContentEntry): FastifyReply {
  const language = req.language;
  const encoding = negotiator.negotiate(String(req.headers['accept-encoding'] ?? '')) ?? 'identity';
  const tag = (enc: Encoding) => `"${entry.key}.${language}.${enc}"`;
  reply
    .header('cache-control', `private, max-age=${CONTENT_MAX_AGE_SECONDS}, immutable`)
    .header('vary', 'accept-encoding, language')
    .header('etag', tag(encoding));
  const match = String(req.headers['if-none-match'] ?? '');
  // Any representation of the same content and language will do: the browser keeps the one it was sent.
  if (match && (match.trim() === '*' || (['br', 'gzip', 'identity'] as const).some((enc) => match.includes(tag(enc))))) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(encodedBody(entry, language, encoding));
}

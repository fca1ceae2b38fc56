import {
  ACADEMY_ERRORS,
  asWritten,
  COURSE_PACKAGE_MAX_BYTES,
  COURSE_PACKAGE_MAX_FILES,
  CourseManifestSchema,
  fillText,
  IMAGE_UPLOAD_MAX_BYTES,
  PACKAGE_MESSAGES as M,
  RESOURCE_PDF_MAX_BYTES,
  textIn,
  VIDEO_UPLOAD_MAX_BYTES,
  type CourseManifest,
  type CoursePackagePreview,
  type CourseUploadStarted,
  type Language,
  type LocalizedText,
} from '@app/contracts';
import { unzipSync } from 'fflate';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/errors.js';
import { detectFileType, type FileKind, type FileStore } from '../../../lib/file-store/index.js';
import { sanitizeHtml } from '../../../lib/html-sanitizer.js';
import { translate } from '../../../lib/language.js';
import { JobError, type JobContext, type JobQueue, type QueuedJob } from '../../jobs/jobs.queue.js';
import type { QuestionBankRepository } from '../../question-bank/question-bank.repository.js';
import type { PlannedQuestion, QuestionBankService } from '../../question-bank/question-bank.service.js';
import { checkQuestionFile } from '../../question-bank/question-bank.transfer.js';
import { contentFileUrl } from '../shared/academy.content-files.js';
import type { CoursePackageRepository } from './academy.package.repository.js';

export const COURSE_UPLOAD_JOB = 'course-upload';

type Issue = { item: string; message: LocalizedText };
/** A file of the package to store: its path in the zip, bytes and what it was found to be. */
interface PackageFile {
  path: string;
  bytes: Uint8Array;
  kind: 'image' | 'video' | 'pdf';
  mime: string;
}
interface PlannedLesson {
  name: string;
  type: 'richText' | 'pdf' | 'video';
  html: string | null;
  file: string | null;
  isPublished: boolean;
}
interface CheckedPackage {
  manifest: CourseManifest | null;
  lessons: PlannedLesson[][];
  /** Files the lessons use (their PDF or video, and images their HTML names), by path. */
  files: Map<string, PackageFile>;
  /** The manifest's question file, when it names one that is in the zip. */
  questionFile: Uint8Array | null;
  errors: Issue[];
}

const KIND_OF: Partial<Record<FileKind, PackageFile['kind']>> = {
  jpeg: 'image',
  png: 'image',
  pdf: 'pdf',
  webm: 'video',
  ogg: 'video',
  mp4: 'video',
};
const LIMIT_OF: Record<PackageFile['kind'], number> = {
  image: IMAGE_UPLOAD_MAX_BYTES,
  video: VIDEO_UPLOAD_MAX_BYTES,
  pdf: RESOURCE_PDF_MAX_BYTES,
};
const SRC_ATTRIBUTE = /\b(src|href)\s*=\s*(["'])([^"']+)\2/gi;
const unreadable = () => new AppError(ACADEMY_ERRORS.ACADEMY_PACKAGE_UNREADABLE);

/** The zip's entries (no folders), refusing more files or more bytes than a package may hold. */
function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  if (bytes.byteLength < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04)
    throw unreadable();
  let count = 0;
  let total = 0;
  try {
    const entries = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/')) return false;
        count += 1;
        total += file.originalSize;
        // Checked before inflating: a zip bomb is refused by its declared sizes.
        if (count > COURSE_PACKAGE_MAX_FILES || total > COURSE_PACKAGE_MAX_BYTES * 2) throw unreadable();
        return true;
      },
    });
    return entries;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

/** Reads and checks a package; every problem is one issue, and nothing is written. */
export async function checkPackage(bytes: Uint8Array): Promise<CheckedPackage> {
  const entries = unzip(bytes);
  const errors: Issue[] = [];
  const files = new Map<string, PackageFile>();
  const manifestBytes = entries['manifest.json'];
  if (!manifestBytes)
    return {
      manifest: null,
      lessons: [],
      files,
      questionFile: null,
      errors: [
        {
          item: 'manifest.json',
          message: fillText(M.noManifest),
        },
      ],
    };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes));
  } catch {
    return {
      manifest: null,
      lessons: [],
      files,
      questionFile: null,
      errors: [
        {
          item: 'manifest.json',
          message: fillText(M.manifestNotJson),
        },
      ],
    };
  }
  const parsed = CourseManifestSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors.push({
        item: issue.path.length ? issue.path.join('.') : 'manifest',
        message: fillText(M.manifestInvalid, { reason: issue.message }),
      });
    return { manifest: null, lessons: [], files, questionFile: null, errors };
  }
  const manifest = parsed.data;

  async function useFile(path: string, item: string, expected: PackageFile['kind'] | 'image') {
    const data = entries[path];
    if (!data) {
      errors.push({ item, message: fillText(M.notInZip, { path }) });
      return;
    }
    const detected = await detectFileType(data);
    const kind = detected ? KIND_OF[detected.kind] : undefined;
    if (!detected || kind !== expected) {
      errors.push({ item, message: fillText(expected === 'pdf' ? M.notPdf : expected === 'video' ? M.notVideo : M.notImage, { path }) });
      return;
    }
    if (data.byteLength > LIMIT_OF[kind]) {
      errors.push({
        item,
        message: fillText(M.tooLarge, { path, mb: Math.round(LIMIT_OF[kind] / 1048576) }),
      });
      return;
    }
    files.set(path, { path, bytes: data, kind, mime: detected.mime });
  }

  const lessons: PlannedLesson[][] = [];
  for (const [t, topic] of manifest.topics.entries()) {
    const planned: PlannedLesson[] = [];
    for (const [l, lesson] of topic.lessons.entries()) {
      const item = `topics.${t}.lessons.${l} (${lesson.name})`;
      let html: string | null = null;
      if (lesson.html) {
        const data = entries[lesson.html];
        if (!data)
          errors.push({
            item,
            message: fillText(M.notInZip, { path: lesson.html }),
          });
        else {
          try {
            html = new TextDecoder('utf-8', { fatal: true }).decode(data);
          } catch {
            errors.push({
              item,
              message: fillText(M.notUtf8, { path: lesson.html }),
            });
          }
        }
      }
      if (html !== null) {
        // Images the HTML names by their path in the zip are uploaded with it.
        for (const match of html.matchAll(SRC_ATTRIBUTE)) {
          const target = match[3]!.replace(/^\.\//, '');
          if (entries[target] && !files.has(target)) await useFile(target, item, 'image');
        }
      }
      if (lesson.type === 'richText' && html === null && !lesson.html)
        errors.push({
          item,
          message: fillText(M.textLessonNeedsHtml),
        });
      if (lesson.type !== 'richText') {
        if (!lesson.file)
          errors.push({
            item,
            message: fillText(M.lessonNeedsFile, { type: lesson.type }),
          });
        else await useFile(lesson.file, item, lesson.type);
      }
      planned.push({
        name: lesson.name,
        type: lesson.type,
        html,
        file: lesson.file ?? null,
        isPublished: lesson.isPublished ?? false,
      });
    }
    lessons.push(planned);
  }
  let questionFile: Uint8Array | null = null;
  if (manifest.questions) {
    questionFile = entries[manifest.questions.file] ?? null;
    if (!questionFile)
      errors.push({
        item: 'questions.file',
        message: fillText(M.notInZip, { path: manifest.questions.file }),
      });
  }
  return { manifest, lessons, files, questionFile, errors };
}

/**
 * Topics the package creates have no id until its transaction runs, so while its questions are
 * checked they stand in as ids from here up (topic i is BASE + i), and are swapped for the new
 * ids inside the transaction. No real topic id comes near: ids are counted from 1.
 */
const PACKAGE_TOPIC_ID_BASE = 2_000_000_000;

/** Replaces paths of package files in HTML with their stable addresses, then sanitises it. */
function linkedHtml(html: string, urls: Map<string, string>): string {
  const replaced = html.replace(SRC_ATTRIBUTE, (whole, attribute: string, quote: string, target: string) => {
    const url = urls.get(target.replace(/^\.\//, ''));
    return url ? `${attribute}=${quote}${url}${quote}` : whole;
  });
  return sanitizeHtml(replaced);
}

interface CourseUploadPayload {
  fileKey: string;
  actor: Actor;
  language: Language;
}

export interface CoursePackageDeps {
  repo: CoursePackageRepository;
  files: FileStore;
  jobs: JobQueue;
  /** The question bank, for a package's question file. */
  questions: {
    bank: Pick<QuestionBankService, 'planMany' | 'insertPlanned'>;
    repo: Pick<QuestionBankRepository, 'topicsByName'>;
  };
}

interface CheckedWithQuestions extends CheckedPackage {
  questions: PlannedQuestion[];
}

/** Course Upload: a course, its topics and lessons with their files from one zip, in one job, all or nothing. */
export function createCoursePackageService({ repo, files, jobs, questions }: CoursePackageDeps) {
  /**
   * The package, and its question file read and checked as the bank's import would (topic names
   * match the package's own topics first, then the bank's). Each bad question is one issue.
   */
  async function checkAll(bytes: Uint8Array, actor: Actor, language: Language): Promise<CheckedWithQuestions> {
    const checked = await checkPackage(bytes);
    const manifest = checked.manifest;
    if (!manifest?.questions || !checked.questionFile) return { ...checked, questions: [] };
    const own = new Map(manifest.topics.map((topic, t) => [topic.name.trim().toLowerCase(), PACKAGE_TOPIC_ID_BASE + t]));
    const topicsByName = async (names: string[]) => {
      const others = names.filter((name) => !own.has(name.trim().toLowerCase()));
      const found = await questions.repo.topicsByName(others);
      return [
        ...names.filter((name) => own.has(name.trim().toLowerCase())).map((name) => ({ id: own.get(name.trim().toLowerCase())!, name })),
        ...found,
      ];
    };
    const owner = actor.instituteId === null ? 'client' : 'institute';
    try {
      const file = await checkQuestionFile({ topicsByName }, Buffer.from(checked.questionFile), { format: manifest.questions.format, owner }, language);
      const bodies = [];
      for (const { body, item } of file.checked) {
        for (const error of item.errors)
          checked.errors.push({
            item: textIn(item.line ? M.questionItemAtLine : M.questionItem, language, { file: manifest.questions.file, index: item.index, line: item.line ?? '' }),
            // The problem is already in the uploader's language (the file was checked in it).
            message: asWritten(textIn(M.fieldProblem, language, { field: error.field, problem: error.message })),
          });
        if (body) bodies.push(body);
      }
      if (checked.errors.length) return { ...checked, questions: [] };
      return { ...checked, questions: await questions.bank.planMany(actor, bodies, owner) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = Object.entries(error.fields ?? {});
      if (fields.length) for (const [field, message] of fields) checked.errors.push({ item: `${manifest.questions.file} ${field}`, message: asWritten(message) });
      else {
        const detail = error.detail;
        checked.errors.push({ item: manifest.questions.file, message: detail === undefined ? error.def.message : typeof detail === 'string' ? asWritten(detail) : detail });
      }
      return { ...checked, questions: [] };
    }
  }

  async function runUpload(
    job: QueuedJob<CourseUploadPayload>,
    ctx: JobContext,
  ): Promise<{ courseId: number; lessons: number; questions: number }> {
    const { fileKey, actor } = job.payload;
    const stored: string[] = [];
    try {
      const zip = await files.get(fileKey);
      if (!zip) throw new JobError('The uploaded package is no longer stored; upload it again.', { retry: false });
      const chunks: Buffer[] = [];
      for await (const chunk of zip.stream) chunks.push(Buffer.from(chunk as Buffer));
      const checked = await checkAll(Buffer.concat(chunks), actor, job.payload.language);
      for (const issue of checked.errors) ctx.itemError(issue.item, translate(issue.message, job.payload.language));
      if (checked.errors.length || !checked.manifest)
        throw new JobError(`${checked.errors.length} problems in the package; nothing was created.`, { retry: false });
      const manifest = checked.manifest;
      const total = checked.files.size + checked.lessons.flat().length + checked.questions.length;
      let done = 0;
      ctx.progress(0, total);

      // Files first (the store has no transactions); removed again if anything below fails.
      const rows: Array<{ id: string; key: string; file: PackageFile }> = [];
      const urls = new Map<string, string>();
      for (const file of checked.files.values()) {
        ctx.throwIfCancelled();
        const id = crypto.randomUUID();
        const key = `content/${id}`;
        await files.put(key, file.bytes, { contentType: file.mime });
        stored.push(key);
        rows.push({ id, key, file });
        urls.set(file.path, contentFileUrl(id));
        ctx.progress(++done, total);
      }

      const courseId = await repo.inTransaction(async (tx, db: Db) => {
        const topicIds: number[] = [];
        for (const { id, key, file } of rows) {
          await tx.insertFile({
            id,
            key,
            kind: file.kind,
            contentType: file.mime,
            size: file.bytes.byteLength,
            fileName: file.path.split('/').pop()!.slice(0, 200),
            clientId: actor.clientId,
            instituteId: actor.instituteId,
            uploadedBy: actor.userId,
          });
        }
        const id = await tx.insertCourse({
          name: manifest.course.name,
          description: manifest.course.description ?? '',
          language: manifest.course.language ?? 'en',
          isPublished: manifest.course.isPublished ?? false,
          clientId: actor.clientId,
          instituteId: actor.instituteId,
        });
        for (const [t, topic] of manifest.topics.entries()) {
          const topicId = await tx.insertTopic({
            courseId: id,
            name: topic.name,
            description: topic.description ?? '',
          });
          topicIds.push(topicId);
          for (const lesson of checked.lessons[t]!) {
            const fileUrl = lesson.file ? (urls.get(lesson.file) ?? null) : null;
            await tx.insertTask({
              courseId: id,
              topicId,
              kind: 'lesson',
              name: lesson.name,
              contentType: lesson.type,
              richText: lesson.html === null ? null : linkedHtml(lesson.html, urls),
              videoUrl: lesson.type === 'video' ? fileUrl : null,
              pdfUrl: lesson.type === 'pdf' ? fileUrl : null,
              isPublished: lesson.isPublished,
            });
            ctx.progress(++done, total);
          }
        }
        if (checked.questions.length) {
          const note = `Imported with the course package ${manifest.course.name}`.slice(0, 200);
          await questions.bank.insertPlanned(db, checked.questions, note, (topicId) =>
            topicId >= PACKAGE_TOPIC_ID_BASE ? topicIds[topicId - PACKAGE_TOPIC_ID_BASE]! : topicId,
          );
          done += checked.questions.length;
          ctx.progress(done, total);
        }
        return id;
      });
      stored.length = 0;
      return { courseId, lessons: checked.lessons.flat().length, questions: checked.questions.length };
    } finally {
      await Promise.all(stored.map((key) => files.delete(key)));
      await files.delete(fileKey);
    }
  }
  jobs.registerHandler<CourseUploadPayload, { courseId: number; lessons: number; questions: number }>(COURSE_UPLOAD_JOB, runUpload);

  function previewOf(checked: CheckedWithQuestions, language: Language): CoursePackagePreview {
    return {
      isValid: checked.errors.length === 0,
      courseName: checked.manifest?.course.name ?? null,
      topics: (checked.manifest?.topics ?? []).map((topic, t) => ({
        name: topic.name,
        lessons: (checked.lessons[t] ?? []).map((lesson) => ({
          name: lesson.name,
          type: lesson.type,
          file: lesson.file,
        })),
      })),
      questions: checked.questions.length,
      errors: checked.errors.map((issue) => ({ item: issue.item, message: translate(issue.message, language) })),
    };
  }

  return {
    async preview(actor: Actor, bytes: Uint8Array, language: Language): Promise<CoursePackagePreview> {
      return previewOf(await checkAll(bytes, actor, language), language);
    },

    /** Checks now (any problem answers 422 with each problem as a field), then queues the job. */
    async upload(actor: Actor, bytes: Uint8Array, language: Language): Promise<CourseUploadStarted> {
      const checked = await checkAll(bytes, actor, language);
      if (checked.errors.length || !checked.manifest) {
        const fields = Object.fromEntries(
          checked.errors
            .slice(0, 100)
            .map((issue, index) => [`${index + 1}. ${issue.item}`, translate(issue.message, language)]),
        );
        throw new AppError(ACADEMY_ERRORS.ACADEMY_PACKAGE_INVALID, { fields });
      }
      const saved = await files.put({ prefix: 'course-uploads' }, bytes, { contentType: 'application/zip' });
      const jobId = await jobs.enqueue(
        COURSE_UPLOAD_JOB,
        { fileKey: saved.key, actor, language } satisfies CourseUploadPayload,
        { requestedBy: actor.userId, maxAttempts: 1 },
      );
      return { jobId, courseName: checked.manifest.course.name, lessons: checked.lessons.flat().length, questions: checked.questions.length };
    },
  };
}

export type CoursePackageService = ReturnType<typeof createCoursePackageService>;

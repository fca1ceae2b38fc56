import {
  ACADEMY_ERRORS,
  COMMON_ERRORS,
  RESOURCE_PDF_MAX_BYTES,
  FILES_ERRORS,
  PACKAGE_MESSAGES,
  TEST_CONFIG_ERRORS,
  VIDEO_UPLOAD_MAX_BYTES,
  type ContentFile,
  type CourseOutline,
  type ManagedCourse,
  type ManagedId,
  type ManagedTask,
  type Resource,
} from '@app/contracts';
import type { z } from 'zod';
import type {
  CreateCourseBodySchema,
  CreateTaskBodySchema,
  CreateTopicBodySchema,
  ReorderBodySchema,
  UpdateCourseBodySchema,
  UpdateTaskBodySchema,
  UpdateTopicBodySchema,
} from '@app/contracts';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/errors.js';
import { acceptUpload, IMAGE_UPLOAD_POLICY, type FileStore, type UploadPolicy } from '../../../lib/file-store/index.js';
import { sanitizeHtml } from '../../../lib/html-sanitizer.js';
import { reachesOwner, testOwnerOf } from '../../../lib/content-reach.js';
import { contentFileUrl } from '../shared/academy.content-files.js';
import { canChangeTest, canManageContentFile, canManageCourse } from '../shared/academy.policy.js';
import { testPublishAudit } from '../shared/academy.test-publish.js';
import type { AcademyManageRepository, ContentFileRow, CourseRow, CourseReach, TaskRow } from './academy.manage.repository.js';

/** Editor uploads: images and videos in one field; images keep their own smaller limit. */
const EDITOR_UPLOAD_POLICY: UploadPolicy = { kinds: ['jpeg', 'png', 'webm', 'ogg', 'mp4'], maxBytes: VIDEO_UPLOAD_MAX_BYTES };
/** Resource Upload: lesson PDFs as well. */
const RESOURCE_UPLOAD_POLICY: UploadPolicy = { kinds: ['pdf', 'jpeg', 'png', 'webm', 'ogg', 'mp4'], maxBytes: VIDEO_UPLOAD_MAX_BYTES };
const PDF_UPLOAD_POLICY: UploadPolicy = { kinds: ['pdf'], maxBytes: RESOURCE_PDF_MAX_BYTES };

const notFound = () => new AppError(COMMON_ERRORS.NOT_FOUND);

export interface AcademyManageDeps {
  repo: AcademyManageRepository;
  files: FileStore;
}

function toManagedCourse(row: { course: CourseRow; totalTopics: number; totalTasks: number }): ManagedCourse {
  return {
    courseID: row.course.id,
    courseName: row.course.name,
    description: row.course.description,
    language: row.course.language,
    isPublished: row.course.isPublished,
    isInstituteCourse: row.course.instituteId !== null,
    totalTopics: row.totalTopics,
    totalTasks: row.totalTasks,
    sortOrder: row.course.sortOrder,
  };
}

function toManagedTask(task: TaskRow): ManagedTask {
  return {
    taskID: task.id,
    topicID: task.topicId,
    TaskName: task.name,
    taskKind: task.kind as ManagedTask['taskKind'],
    type: (task.testType ?? null) as ManagedTask['type'],
    contentType: (task.contentType ?? null) as ManagedTask['contentType'],
    richText: task.richText,
    videoUrl: task.videoUrl,
    pdfUrl: task.pdfUrl,
    duration: task.durationMinutes,
    isPublished: task.isPublished,
    sortOrder: task.sortOrder,
  };
}

function toContentFile(row: ContentFileRow): ContentFile {
  return {
    fileId: row.id,
    url: contentFileUrl(row.id),
    kind: row.kind as ContentFile['kind'],
    contentType: row.contentType,
    size: row.size,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
  };
}

type TaskFields = Omit<z.output<typeof UpdateTaskBodySchema>, 'taskId'>;

/** The task columns a body sets; lesson fields only on lessons, test fields only on tests. HTML is sanitised before it is stored. */
function taskValues(kind: string, body: TaskFields) {
  const values: Record<string, unknown> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.isPublished !== undefined) values.isPublished = body.isPublished;
  if (kind === 'lesson') {
    if (body.contentType !== undefined) values.contentType = body.contentType;
    if (body.richText !== undefined) values.richText = body.richText === null ? null : sanitizeHtml(body.richText);
    if (body.videoUrl !== undefined) values.videoUrl = body.videoUrl;
    if (body.pdfUrl !== undefined) values.pdfUrl = body.pdfUrl;
  } else {
    if (body.testType !== undefined) values.testType = body.testType;
    if (body.duration !== undefined) values.durationMinutes = body.duration;
  }
  return values;
}

/** Staff content management: every call checks the course's owner first (academy.policy.ts). */
export function createAcademyManageService(deps: AcademyManageDeps) {
  const { repo } = deps;

  const reachOf = (actor: Actor): CourseReach => ({
    clientId: actor.clientId,
    instituteId: actor.role === 'ClientAdmin' ? 'all' : actor.instituteId,
  });

  async function managedCourse(actor: Actor, courseId: number): Promise<CourseRow> {
    const course = await repo.getCourse(courseId);
    if (!course || !canManageCourse(actor, course)) throw notFound();
    return course;
  }

  async function managedTopic(actor: Actor, topicId: number) {
    const topic = await repo.getTopic(topicId);
    if (!topic) throw notFound();
    const course = await managedCourse(actor, topic.courseId);
    return { topic, course };
  }

  async function managedTask(actor: Actor, taskId: number) {
    const task = await repo.getTask(taskId);
    if (!task) throw notFound();
    await managedCourse(actor, task.courseId);
    // Another institute's test in a shared course is not this account's; a client's shared test is
    // changed by the client's administrators only (the same rule as Test Configuration).
    if (task.kind === 'test') {
      if (!reachesOwner(actor, testOwnerOf(task))) throw notFound();
      if (!canChangeTest(actor, task)) throw new AppError(TEST_CONFIG_ERRORS.TC_NOT_EDITABLE);
    }
    return task;
  }

  /** The tasks of a course the account sees in Content Management: lessons, and tests of its reach. */
  const shownTask = (actor: Actor) => (task: TaskRow) => task.kind !== 'test' || reachesOwner(actor, testOwnerOf(task));

  async function storeFile(actor: Actor, bytes: Uint8Array, fileName: string, policy: UploadPolicy): Promise<ContentFile> {
    const detected = await acceptUpload(bytes, policy);
    const kind = detected.kind === 'pdf' ? 'pdf' : detected.kind === 'jpeg' || detected.kind === 'png' ? 'image' : 'video';
    if (kind === 'image') await acceptUpload(bytes, IMAGE_UPLOAD_POLICY);
    if (kind === 'pdf') await acceptUpload(bytes, PDF_UPLOAD_POLICY);
    const id = crypto.randomUUID();
    const key = `content/${id}`;
    await deps.files.put(key, bytes, { contentType: detected.mime });
    const row = await repo.insertFile({
      id,
      key,
      kind,
      contentType: detected.mime,
      size: bytes.byteLength,
      fileName: fileName.slice(0, 200) || `${id}.${detected.ext}`,
      clientId: actor.clientId,
      instituteId: actor.instituteId,
      uploadedBy: actor.userId,
    });
    return toContentFile(row);
  }

  return {
    async listCourses(actor: Actor): Promise<ManagedCourse[]> {
      const rows = await repo.listCourses(reachOf(actor));
      return rows.filter((row) => canManageCourse(actor, row.course)).map(toManagedCourse);
    },

    async getOutline(actor: Actor, query: { courseId: number }): Promise<CourseOutline> {
      const course = await managedCourse(actor, query.courseId);
      const [topicRows, allTasks] = await Promise.all([repo.listTopics(course.id), repo.listTasks(course.id)]);
      const taskRows = allTasks.filter(shownTask(actor));
      return {
        course: toManagedCourse({ course, totalTopics: topicRows.length, totalTasks: taskRows.length }),
        topics: topicRows.map((topic) => ({
          topicID: topic.id,
          topicName: topic.name,
          description: topic.description,
          sortOrder: topic.sortOrder,
          tasks: taskRows.filter((task) => task.topicId === topic.id).map(toManagedTask),
        })),
      };
    },

    async createCourse(actor: Actor, body: z.output<typeof CreateCourseBodySchema>): Promise<ManagedId> {
      // A staff member without an institute (a client admin) shares the course with the whole client.
      const instituteId = body.instituteOnly && actor.instituteId !== null ? actor.instituteId : null;
      const id = await repo.insertCourse({
        name: body.name,
        description: body.description,
        language: body.language,
        isPublished: body.isPublished,
        clientId: actor.clientId,
        instituteId,
      });
      return { id };
    },

    async updateCourse(actor: Actor, body: z.output<typeof UpdateCourseBodySchema>): Promise<ManagedId> {
      const course = await managedCourse(actor, body.courseId);
      const { courseId: _courseId, ...values } = body;
      await repo.updateCourse(course.id, values);
      return { id: course.id };
    },

    async createTopic(actor: Actor, body: z.output<typeof CreateTopicBodySchema>): Promise<ManagedId> {
      const course = await managedCourse(actor, body.courseId);
      const id = await repo.insertTopic({ courseId: course.id, name: body.name, description: body.description });
      return { id };
    },

    /**
     * Adds a topic at the end of its course inside the caller's transaction: the bank's import files
     * questions under the topics their categories name (decision 053) and has checked the course.
     */
    addTopicIn(tx: Db, values: { courseId: number; name: string; parentId: number | null }): Promise<number> {
      return repo.insertTopicIn(tx, values);
    },

    async updateTopic(actor: Actor, body: z.output<typeof UpdateTopicBodySchema>): Promise<ManagedId> {
      const { topic } = await managedTopic(actor, body.topicId);
      const { topicId: _topicId, ...values } = body;
      await repo.updateTopic(topic.id, values);
      return { id: topic.id };
    },

    async createTask(actor: Actor, body: z.output<typeof CreateTaskBodySchema>): Promise<ManagedId> {
      const { topic, course } = await managedTopic(actor, body.topicId);
      if (topic.courseId !== body.courseId) throw notFound();
      const values = taskValues(body.kind, body);
      const id = await repo.insertTask({
        courseId: course.id,
        topicId: topic.id,
        kind: body.kind,
        name: body.name,
        // New content is a draft unless published on creation.
        isPublished: body.isPublished ?? false,
        ...(body.kind === 'lesson'
          ? { contentType: body.contentType ?? 'richText' }
          : // A test belongs to its maker's institute, or to the client when a client administrator makes it (as in Test Configuration).
            { testType: body.testType ?? 'test', ownerClientId: actor.clientId, ownerInstituteId: actor.role === 'ClientAdmin' ? null : actor.instituteId, createdBy: actor.userId }),
        ...values,
      });
      return { id };
    },

    async updateTask(actor: Actor, body: z.output<typeof UpdateTaskBodySchema>): Promise<ManagedId> {
      const task = await managedTask(actor, body.taskId);
      const publishing = task.kind === 'test' && body.isPublished !== undefined && body.isPublished !== task.isPublished;
      await repo.updateTask(task.id, taskValues(task.kind, body), publishing ? { actor, entry: testPublishAudit(task, body.isPublished!) } : undefined);
      return { id: task.id };
    },

    async reorder(actor: Actor, body: z.output<typeof ReorderBodySchema>): Promise<null> {
      if ('topicIds' in body) {
        const course = await managedCourse(actor, body.courseId);
        const current = await repo.listTopics(course.id);
        assertSameItems(current.map((t) => t.id), body.topicIds);
        await repo.reorderTopics(course.id, body.topicIds);
      } else {
        const { topic, course } = await managedTopic(actor, body.topicId);
        const current = (await repo.listTasks(course.id)).filter((t) => t.topicId === topic.id).filter(shownTask(actor));
        assertSameItems(current.map((t) => t.id), body.taskIds);
        await repo.reorderTasks(topic.id, body.taskIds);
      }
      return null;
    },

    /**
     * An editor upload: checked by content (images ≤ 5 MB, videos ≤ 50 MB), stored under
     * `content/<id>` and answered with its stable address.
     */
    uploadFile: (actor: Actor, bytes: Uint8Array, fileName: string) => storeFile(actor, bytes, fileName, EDITOR_UPLOAD_POLICY),

    /** Resource Upload: the same, with lesson PDFs (≤ 20 MB). */
    uploadResource: (actor: Actor, bytes: Uint8Array, fileName: string) => storeFile(actor, bytes, fileName, RESOURCE_UPLOAD_POLICY),

    async listResources(actor: Actor): Promise<Resource[]> {
      const rows = (await repo.listFiles(reachOf(actor))).filter((row) => canManageContentFile(actor, row));
      const inUse = await repo.filesInUse(rows.map((row) => row.id));
      return rows.map((row) => ({ ...toContentFile(row), isInUse: inUse.has(row.id) }));
    },

    /** Deletes a file nothing uses; a file in a lesson or question answers 409 and stays. */
    async deleteResource(actor: Actor, body: { fileId: string }): Promise<null> {
      const row = await repo.getFile(body.fileId);
      if (!row || !canManageContentFile(actor, row)) throw new AppError(FILES_ERRORS.FILES_NOT_FOUND);
      if ((await repo.filesInUse([row.id])).size > 0) throw new AppError(ACADEMY_ERRORS.ACADEMY_RESOURCE_IN_USE);
      await repo.deleteFile(row.id);
      await deps.files.delete(row.key);
      return null;
    },

    /** A content file's bytes for its stable address; a removed or unknown file is not found. */
    async openFile(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(FILES_ERRORS.FILES_NOT_FOUND);
      const row = await repo.getFile(id);
      const file = row ? await deps.files.get(row.key) : null;
      if (!row || !file) throw new AppError(FILES_ERRORS.FILES_NOT_FOUND);
      return file;
    },

    canManageFile: canManageContentFile,
  };
}

/** A new order names exactly the items there are, each once. */
function assertSameItems(current: number[], proposed: number[]) {
  const have = new Set(current);
  if (proposed.length !== have.size || proposed.some((id) => !have.has(id))) {
    throw new AppError(COMMON_ERRORS.VALIDATION_FAILED, { detail: PACKAGE_MESSAGES.orderEachOnce });
  }
}

export type AcademyManageService = ReturnType<typeof createAcademyManageService>;

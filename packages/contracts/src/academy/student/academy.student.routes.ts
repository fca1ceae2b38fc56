import { STUDENT_ROLES } from '../../common/roles.js';
import { defineRoute } from '../../common/route.js';
import {
  GetContentQuerySchema,
  ListCoursesResultSchema,
  ListTasksQuerySchema,
  ListTasksResultSchema,
  ListTopicsQuerySchema,
  ListTopicsResultSchema,
  TaskContentSchema,
  TrackBodySchema,
  TrackResultSchema,
} from './academy.student.schemas.js';

/** The academy screens (spec 000 §2: /academy/courses, topics, tasks). */
export const academyRoutes = {
  listCourses: defineRoute({
    method: 'GET',
    path: '/academy/v1/courses',
    access: 'user',
    summary: 'Published courses with the student’s progress and time spent',
    response: ListCoursesResultSchema,
  }),
  listTopics: defineRoute({
    method: 'GET',
    path: '/academy/v1/topics',
    access: 'user',
    summary: 'Topics of a course with progress',
    query: ListTopicsQuerySchema,
    response: ListTopicsResultSchema,
  }),
  listTasks: defineRoute({
    method: 'GET',
    path: '/academy/v1/tasks',
    access: 'user',
    summary: 'Tasks (lessons and tests) of a topic, with the student’s latest attempt',
    query: ListTasksQuerySchema,
    response: ListTasksResultSchema,
  }),
  getContent: defineRoute({
    method: 'GET',
    path: '/academy/v1/content',
    access: 'user',
    summary: 'A task’s content: lesson video, PDF or text, or the test’s player route',
    query: GetContentQuerySchema,
    response: TaskContentSchema,
  }),
  track: defineRoute({
    method: 'POST',
    path: '/academy/v1/track',
    access: STUDENT_ROLES,
    summary: 'Course tracking: time spent, sent every 10 s by the client',
    body: TrackBodySchema,
    response: TrackResultSchema,
  }),
};

import { academyRoutes, examRoutes, type TrackBody } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

export const academyKeys = {
  courses: ['academy', 'courses'] as const,
  topics: (courseId: number) => ['academy', 'topics', courseId] as const,
  tasks: (courseId: number, topicId: number) => ['academy', 'tasks', courseId, topicId] as const,
  content: (courseId: number, taskId: number) => ['academy', 'content', courseId, taskId] as const,
  instruction: (courseId: number, taskId: number) => ['academy', 'instruction', courseId, taskId] as const,
};

export function useCourses() {
  return useQuery({ queryKey: academyKeys.courses, queryFn: () => callApi(academyRoutes.listCourses) });
}

export function useTopics(courseId: number) {
  return useQuery({ queryKey: academyKeys.topics(courseId), queryFn: () => callApi(academyRoutes.listTopics, { query: { courseId } }), enabled: courseId > 0 });
}

export function useTasks(courseId: number, topicId: number | null) {
  return useQuery({
    queryKey: academyKeys.tasks(courseId, topicId ?? 0),
    queryFn: () => callApi(academyRoutes.listTasks, { query: { courseId, topicId: topicId! } }),
    enabled: courseId > 0 && Boolean(topicId),
  });
}

export function useTaskContent(courseId: number, taskId: number) {
  return useQuery({
    queryKey: academyKeys.content(courseId, taskId),
    queryFn: () => callApi(academyRoutes.getContent, { query: { courseId, taskId } }),
    enabled: courseId > 0 && taskId > 0,
  });
}

/** The instruction screen before a test (spec 001 §7 /task/v1/instruction, instructionType 1). */
export function useInstruction(courseId: number, taskId: number) {
  return useQuery({
    queryKey: academyKeys.instruction(courseId, taskId),
    queryFn: () => callApi(examRoutes.instruction, { body: { instructionType: 1, courseID: courseId, taskID: taskId } }),
    enabled: courseId > 0 && taskId > 0,
    staleTime: 0,
  });
}

export const trackCourse = (body: TrackBody) => callApi(academyRoutes.track, { body });

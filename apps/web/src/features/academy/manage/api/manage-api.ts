import {
  academyManageRoutes,
  type CreateCourseBody,
  type CreateTaskBody,
  type CreateTopicBody,
  type ReorderBody,
  type UpdateCourseBody,
  type UpdateTaskBody,
  type UpdateTopicBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../../lib/api-client';
import { manageKeys } from '../../shared/api/academy-keys';

export function useManagedCourses() {
  return useQuery({ queryKey: manageKeys.courses(), queryFn: () => callApi(academyManageRoutes.listCourses) });
}

export function useCourseOutline(courseId: number) {
  return useQuery({
    queryKey: manageKeys.outline(courseId),
    queryFn: () => callApi(academyManageRoutes.getOutline, { query: { courseId } }),
    enabled: courseId > 0,
  });
}

/** One content change: on success the toast shows the server's message and every manage list reloads. */
function useManageMutation<Body>(send: (body: Body) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => {
      notify.success(message);
      // Student lists show drafts and published content differently, so they reload too.
      return queryClient.invalidateQueries({ queryKey: ['academy'] });
    },
    onError: (error) => notify.apiError(error),
  });
}

export const useCreateCourse = () =>
  useManageMutation((body: CreateCourseBody) => callApiFull(academyManageRoutes.createCourse, { body }));
export const useUpdateCourse = () =>
  useManageMutation((body: UpdateCourseBody) => callApiFull(academyManageRoutes.updateCourse, { body }));
export const useCreateTopic = () =>
  useManageMutation((body: CreateTopicBody) => callApiFull(academyManageRoutes.createTopic, { body }));
export const useUpdateTopic = () =>
  useManageMutation((body: UpdateTopicBody) => callApiFull(academyManageRoutes.updateTopic, { body }));
export const useCreateTask = () =>
  useManageMutation((body: CreateTaskBody) => callApiFull(academyManageRoutes.createTask, { body }));
export const useUpdateTask = () =>
  useManageMutation((body: UpdateTaskBody) => callApiFull(academyManageRoutes.updateTask, { body }));
export const useReorder = () =>
  useManageMutation((body: ReorderBody) => callApiFull(academyManageRoutes.reorder, { body }));

export const resourceKeys = { list: () => ['academy', 'resources'] as const };

/** Uploaded lesson files; `enabled` false where the role may not list them (the picker then hides). */
export function useResources(enabled = true) {
  return useQuery({
    queryKey: resourceKeys.list(),
    queryFn: () => callApi(academyManageRoutes.listResources),
    enabled,
    retry: false,
  });
}

export function useUploadResource() {
  return useManageMutation((file: File) => {
    const formData = new FormData();
    formData.append('file', file);
    return callApiFull(academyManageRoutes.uploadResource, { formData });
  });
}

export const useDeleteResource = () =>
  useManageMutation((fileId: string) => callApiFull(academyManageRoutes.deleteResource, { body: { fileId } }));

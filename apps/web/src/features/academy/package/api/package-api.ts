import { academyManageRoutes, FINISHED_JOB_STATES, jobsRoutes } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../../hooks/use-notify';
import { callApi } from '../../../../lib/api-client';
import { manageKeys } from '../../shared/api/academy-keys';

const packageForm = (file: File) => {
  const formData = new FormData();
  formData.append('file', file);
  return formData;
};

/** Reads a course package and lists what it would create; writes nothing. */
export function usePreviewCoursePackage() {
  const notify = useNotify();
  return useMutation({
    mutationFn: (file: File) => callApi(academyManageRoutes.previewCoursePackage, { formData: packageForm(file) }),
    onError: (error) => notify.apiError(error),
  });
}

export function useUploadCoursePackage() {
  const notify = useNotify();
  return useMutation({
    mutationFn: (file: File) => callApi(academyManageRoutes.uploadCoursePackage, { formData: packageForm(file) }),
    onError: (error) => notify.apiError(error),
  });
}

/** The course-upload job, polled every second until it has finished. */
export function useCourseUploadJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['academy', 'course-upload', jobId],
    queryFn: async () => {
      const job = await callApi(jobsRoutes.get, { query: { id: jobId! } });
      if (FINISHED_JOB_STATES.includes(job.state)) void queryClient.invalidateQueries({ queryKey: manageKeys.all });
      return job;
    },
    enabled: Boolean(jobId),
    refetchInterval: (query) =>
      query.state.data && FINISHED_JOB_STATES.includes(query.state.data.state) ? false : 1000,
  });
}

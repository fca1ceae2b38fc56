import { schedulesRoutes, type RouteBody, type RouteDef, type ScheduleOptions, type ScheduleScreen } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { schedulesKeys } from './schedules-keys';

export const listCourseMappings = () => callApi(schedulesRoutes.listCourseMappings);
export const listTestSchedules = () => callApi(schedulesRoutes.listTestSchedules);
export const listTopicOpenings = () => callApi(schedulesRoutes.listTopicOpenings);
export const getMySchedule = () => callApi(schedulesRoutes.mySchedule);

export const useCourseMappings = () => useQuery({ queryKey: schedulesKeys.mappings(), queryFn: listCourseMappings });
export const useTestSchedules = () => useQuery({ queryKey: schedulesKeys.windows(), queryFn: listTestSchedules });
export const useTopicOpenings = () => useQuery({ queryKey: schedulesKeys.openings(), queryFn: listTopicOpenings });
export const useMySchedule = () => useQuery({ queryKey: schedulesKeys.mine(), queryFn: getMySchedule });

export const getScheduleOptions = (screen: ScheduleScreen): Promise<ScheduleOptions> => callApi(schedulesRoutes.options, { query: { screen } });

/** Courses, topics, tests and the caller's institutes, classes and sections for one staff screen. */
export function useScheduleOptions(screen: ScheduleScreen) {
  return useQuery({ queryKey: schedulesKeys.options(screen), queryFn: () => getScheduleOptions(screen) });
}

/** A schedule change: the server's message is the toast, and every schedule list is read again. */
export function useScheduleMutation<R extends RouteDef>(route: R) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: RouteBody<R>) => callApiFull(route, { body } as never),
    onSuccess: ({ message }) => {
      notify.success(message);
      void queryClient.invalidateQueries({ queryKey: schedulesKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}

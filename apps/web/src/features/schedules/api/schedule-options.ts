import { schedulesRoutes, type ScheduleOptions, type ScheduleScreen } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { schedulesKeys } from './schedules-keys';

export const getScheduleOptions = (screen: ScheduleScreen): Promise<ScheduleOptions> => callApi(schedulesRoutes.options, { query: { screen } });

/** Courses, topics, tests and the caller's institutes, classes and sections for one staff screen. */
export function useScheduleOptions(screen: ScheduleScreen) {
  return useQuery({ queryKey: schedulesKeys.options(screen), queryFn: () => getScheduleOptions(screen) });
}

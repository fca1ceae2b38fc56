import { schedulesRoutes } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { schedulesKeys } from './schedules-keys';

export const listCourseMappings = () => callApi(schedulesRoutes.listCourseMappings);
export const listTestSchedules = () => callApi(schedulesRoutes.listTestSchedules);
export const listTopicOpenings = () => callApi(schedulesRoutes.listTopicOpenings);
export const getMySchedule = () => callApi(schedulesRoutes.mySchedule);

export const useCourseMappings = () => useQuery({ queryKey: schedulesKeys.mappings(), queryFn: listCourseMappings });
export const useTestSchedules = () => useQuery({ queryKey: schedulesKeys.windows(), queryFn: listTestSchedules });
export const useTopicOpenings = () => useQuery({ queryKey: schedulesKeys.openings(), queryFn: listTopicOpenings });
export const useMySchedule = () => useQuery({ queryKey: schedulesKeys.mine(), queryFn: getMySchedule });

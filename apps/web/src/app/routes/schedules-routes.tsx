import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { MyScheduleScreen } from '../../features/schedules/pages';

/** The student's Course Schedule (spec 000 §2 /courseschedule): what opens when for their class. */
export const studentScheduleRoutes: RouteObject[] = [{ path: paths.courseSchedule.path, element: <MyScheduleScreen /> }];

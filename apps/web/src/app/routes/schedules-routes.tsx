import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';

const MyScheduleScreen = lazyNamed(() => import('../../features/schedules/components/my-schedule-screen'), 'MyScheduleScreen', ['schedules']);

/** The student's Course Schedule (spec 000 §2 /courseschedule): what opens when for their class. */
export const studentScheduleRoutes: RouteObject[] = [{ path: paths.courseSchedule.path, element: <MyScheduleScreen /> }];

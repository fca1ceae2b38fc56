import { createScheduleViews } from './schedules.calendar.js';
import { createSchedulesContext, type SchedulesServiceDeps } from './schedules.context.js';
import { createCourseMappings } from './schedules.course-mappings.js';
import { createScheduleOptions } from './schedules.options.js';
import { createStartChecks } from './schedules.start.js';
import { createTestWindows } from './schedules.test-windows.js';
import { createTopicOpenings } from './schedules.topic-openings.js';

export { UPCOMING_TEST_MS } from './schedules.calendar.js';
export type { ContentReach, SchedulesServiceDeps, TestReachRef } from './schedules.context.js';
export type { DueWindow, StartShift } from './schedules.start.js';

/**
 * Schedules, one operation file per job (decision 090). Staff screens: what they choose from
 * (schedules.options.ts), course mappings (schedules.course-mappings.ts), test windows
 * (schedules.test-windows.ts) and topic openings (schedules.topic-openings.ts). The student's side:
 * the checks of a start (schedules.start.ts) and the windows as people see them
 * (schedules.calendar.ts). What they share, with the start facts' cache, is schedules.context.ts.
 */
export function createSchedulesService(deps: SchedulesServiceDeps) {
  const context = createSchedulesContext(deps);
  return {
    ...createScheduleOptions(context),
    ...createCourseMappings(context),
    ...createTestWindows(context),
    ...createTopicOpenings(context),
    contentReach: context.contentReach,
    ...createStartChecks(context),
    ...createScheduleViews(context),
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;

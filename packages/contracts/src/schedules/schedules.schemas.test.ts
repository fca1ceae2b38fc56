import { describe, expect, it } from 'vitest';
import { schedulesRoutes } from './schedules.routes.js';
import { CreateCourseMappingBodySchema, CreateTestScheduleBodySchema } from './schedules.schemas.js';

const window = { taskId: 1, instituteId: 2, opensAt: '2026-05-04T09:00:00+05:30', closesAt: '2026-05-04T12:00:00+05:30' };

describe('schedules contracts', () => {
  it('names a permission on every staff call except the options (checked per screen) and the student’s own schedule', () => {
    const without = Object.entries(schedulesRoutes)
      .filter(([, route]) => !route.permission)
      .map(([name]) => name);
    expect(without).toEqual(['options', 'mySchedule']);
  });

  it('accepts a window with offsets and refuses one that closes first, or a last start outside it', () => {
    expect(CreateTestScheduleBodySchema.safeParse(window).success).toBe(true);
    const closes = CreateTestScheduleBodySchema.safeParse({ ...window, closesAt: '2026-05-04T08:00:00+05:30' });
    expect(closes.error?.issues.map((i) => i.message)).toEqual(['scheduleClosesBeforeOpens']);
    const late = CreateTestScheduleBodySchema.safeParse({ ...window, lateStartUntil: '2026-05-04T09:00:00+05:30' });
    expect(late.error?.issues.map((i) => i.message)).toEqual(['scheduleLateStartOutside']);
  });

  it('needs the class of a chosen section', () => {
    const res = CreateCourseMappingBodySchema.safeParse({ courseId: 1, instituteId: 2, sectionId: 3 });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['sectionId', 'scheduleSectionNeedsClass']]);
  });
});

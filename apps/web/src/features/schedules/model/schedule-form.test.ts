import { describe, expect, it } from 'vitest';
import { targetChoices, targetLabel, testScheduleFormSchema, toTestScheduleBody, toCourseMappingBody, topicOpeningFormSchema } from './schedule-form';

const form = { courseId: 1, taskId: 7, instituteId: 3, classId: 5 as number | '', sectionId: '' as number | '', opensAt: '2026-05-04T09:00', closesAt: '2026-05-04T12:00', lateStartUntil: '' };

describe('the test schedule form', () => {
  it('turns local times into instants and "all sections" into null', () => {
    expect(testScheduleFormSchema.safeParse(form).success).toBe(true);
    const body = toTestScheduleBody(form);
    expect(body).toMatchObject({ taskId: 7, instituteId: 3, classId: 5, sectionId: null, lateStartUntil: null });
    expect(body.opensAt).toBe(new Date('2026-05-04T09:00').toISOString());
  });

  it('refuses a closing time before the opening time, and a last start outside the window', () => {
    const closes = testScheduleFormSchema.safeParse({ ...form, closesAt: '2026-05-04T08:00' });
    expect(closes.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['closesAt', 'scheduleClosesBeforeOpens']]);
    const late = testScheduleFormSchema.safeParse({ ...form, lateStartUntil: '2026-05-04T13:00' });
    expect(late.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lateStartUntil', 'scheduleLateStartOutside']]);
  });

  it('asks for a test and an institute', () => {
    const empty = testScheduleFormSchema.safeParse({ ...form, taskId: '', instituteId: '' });
    expect(empty.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['instituteId', 'taskId']);
    expect(empty.error?.issues[0]?.message).toBe('scheduleChoiceRequired');
  });
});

describe('the other forms', () => {
  it('maps a course to a whole institute when no class is chosen, dropping a stray section', () => {
    expect(toCourseMappingBody({ courseId: 2, instituteId: 3, classId: '', sectionId: 9 })).toEqual({ courseId: 2, instituteId: 3, classId: null, sectionId: null });
  });
  it('needs a valid opening time for a topic', () => {
    expect(topicOpeningFormSchema.safeParse({ courseId: 1, topicId: 2, instituteId: 3, classId: '', sectionId: '', opensAt: '' }).success).toBe(false);
  });
  it('offers the chosen institute’s classes and the chosen class’s sections, and names a target', () => {
    const options = { courses: [], institutes: [{ id: 3, name: 'Sunrise', classes: [{ id: 5, name: '12', sections: [{ id: 8, name: 'A' }] }] }] };
    expect(targetChoices(options, 3, 5)).toEqual({ institutes: [{ value: 3, label: 'Sunrise' }], classes: [{ value: 5, label: '12' }], sections: [{ value: 8, label: 'A' }] });
    expect(targetChoices(options, '', '').classes).toEqual([]);
    expect(targetLabel({ instituteName: 'Sunrise', className: '12', sectionName: null })).toBe('Sunrise · 12');
  });
});

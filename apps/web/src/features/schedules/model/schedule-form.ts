import type { CreateCourseMappingBody, CreateTestScheduleBody, CreateTopicOpeningBody, ScheduleOptions } from '@app/contracts';
import { z } from 'zod';
import { fromDateTimeLocalValue } from '../../../lib/date-time';

/**
 * The staff forms: pickers hold ids ('' while nothing is chosen; '' for class and section means
 * "all"), times are <input type="datetime-local"> values in the browser's time zone and become
 * instants (UTC ISO) in the request. Messages are catalogue keys.
 */
const pick = z.union([z.number().int().positive(), z.literal('')]).refine((value) => value !== '', { message: 'scheduleChoiceRequired' });
const optionalPick = z.union([z.number().int().positive(), z.literal('')]);
const localTime = z.string().refine((value) => fromDateTimeLocalValue(value) !== null, { message: 'dateTimeInvalid' });
const optionalLocalTime = z.string().refine((value) => value === '' || fromDateTimeLocalValue(value) !== null, { message: 'dateTimeInvalid' });

const targetShape = { instituteId: pick, classId: optionalPick, sectionId: optionalPick };

export const courseMappingFormSchema = z.object({ courseId: pick, ...targetShape });
export type CourseMappingForm = z.input<typeof courseMappingFormSchema>;

const time = (value: string) => new Date(value).getTime();

export const windowTimesSchema = z
  .object({ opensAt: localTime, closesAt: localTime, lateStartUntil: optionalLocalTime })
  .refine((v) => !fromDateTimeLocalValue(v.opensAt) || !fromDateTimeLocalValue(v.closesAt) || time(v.closesAt) > time(v.opensAt), {
    message: 'scheduleClosesBeforeOpens',
    path: ['closesAt'],
  })
  .refine((v) => !v.lateStartUntil || (time(v.lateStartUntil) > time(v.opensAt) && time(v.lateStartUntil) <= time(v.closesAt)), {
    message: 'scheduleLateStartOutside',
    path: ['lateStartUntil'],
  });
export type WindowTimesForm = z.input<typeof windowTimesSchema>;

export const testScheduleFormSchema = z
  .object({ courseId: pick, taskId: pick, ...targetShape, opensAt: localTime, closesAt: localTime, lateStartUntil: optionalLocalTime })
  .superRefine((value, ctx) => {
    const times = windowTimesSchema.safeParse(value);
    if (!times.success) for (const issue of times.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type TestScheduleForm = z.input<typeof testScheduleFormSchema>;

export const topicOpeningFormSchema = z.object({ courseId: pick, topicId: pick, ...targetShape, opensAt: localTime });
export type TopicOpeningForm = z.input<typeof topicOpeningFormSchema>;

const idOrNull = (value: number | '') => (value === '' ? null : value);
const target = (form: { instituteId: number | ''; classId: number | ''; sectionId: number | '' }) => ({
  instituteId: form.instituteId as number,
  classId: idOrNull(form.classId),
  // A section without its class is not a choice the form offers.
  sectionId: form.classId === '' ? null : idOrNull(form.sectionId),
});

export const toCourseMappingBody = (form: CourseMappingForm): CreateCourseMappingBody => ({ courseId: form.courseId as number, ...target(form) });

export const toWindowTimes = (form: WindowTimesForm) => ({
  opensAt: fromDateTimeLocalValue(form.opensAt)!,
  closesAt: fromDateTimeLocalValue(form.closesAt)!,
  lateStartUntil: fromDateTimeLocalValue(form.lateStartUntil),
});

export const toTestScheduleBody = (form: TestScheduleForm): CreateTestScheduleBody => ({ taskId: form.taskId as number, ...target(form), ...toWindowTimes(form) });

export const toTopicOpeningBody = (form: TopicOpeningForm): CreateTopicOpeningBody => ({
  topicId: form.topicId as number,
  ...target(form),
  opensAt: fromDateTimeLocalValue(form.opensAt)!,
});

/** The class and section choices of the chosen institute and class. */
export function targetChoices(options: ScheduleOptions | undefined, instituteId: number | '', classId: number | '') {
  const institute = options?.institutes.find((i) => i.id === instituteId);
  const cls = institute?.classes.find((c) => c.id === classId);
  return {
    institutes: (options?.institutes ?? []).map((i) => ({ value: i.id, label: i.name })),
    classes: (institute?.classes ?? []).map((c) => ({ value: c.id, label: c.name })),
    sections: (cls?.sections ?? []).map((s) => ({ value: s.id, label: s.name })),
  };
}

/** "Sunrise Academy · 12 · A" */
export function targetLabel(row: { instituteName: string; className: string | null; sectionName: string | null }): string {
  return [row.instituteName, row.className, row.sectionName].filter(Boolean).join(' · ');
}

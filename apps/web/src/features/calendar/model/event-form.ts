import { msg, type CalendarEvent, type CreateEventBody } from '@app/contracts';
import { z } from 'zod';
import { fromDateTimeLocalValue, parseDateValue, toDateTimeLocalValue } from '../../../lib/date-time';
import { addDays } from './calendar-grid';

/**
 * The event dialog's values. Timed events use datetime-local values; all-day events use the
 * date part only and span whole local days.
 */
const eventFieldsSchema = z.object({
  title: z.string().trim().min(1, msg('eventTitleRequired')).max(200, msg('titleTooLong')),
  description: z.string().max(5000, msg('descriptionTooLong')),
  allDay: z.boolean(),
  start: z.string().refine((value) => fromDateTimeLocalValue(value) !== null, msg('dateTimeInvalid')),
  end: z.string().refine((value) => fromDateTimeLocalValue(value) !== null, msg('dateTimeInvalid')),
  color: z.string().nullable(),
});
export type EventFormValues = z.infer<typeof eventFieldsSchema>;

export const eventFormSchema = eventFieldsSchema.refine(
  (values) => eventFormToBody(values).end >= eventFormToBody(values).start,
  { ...msg('eventEndBeforeStart'), path: ['end'] },
);

/** A new event at the clicked slot: an hour long, or the whole day from the month view. */
export function newEventForm(start: Date, allDay: boolean): EventFormValues {
  const end = allDay ? start : new Date(start.getTime() + 60 * 60_000);
  return {
    title: '',
    description: '',
    allDay,
    start: toDateTimeLocalValue(start.toISOString()),
    end: toDateTimeLocalValue(end.toISOString()),
    color: null,
  };
}

export function eventToForm(event: CalendarEvent): EventFormValues {
  // An all-day event ends at the next midnight; the form shows the last day it covers.
  const end = event.allDay ? new Date(Date.parse(event.end) - 1) : new Date(event.end);
  return {
    title: event.title,
    description: event.description,
    allDay: event.allDay,
    start: toDateTimeLocalValue(event.start),
    end: toDateTimeLocalValue(end.toISOString()),
    color: event.color,
  };
}

export interface EventBody extends Required<Omit<CreateEventBody, 'start' | 'end'>> {
  start: string;
  end: string;
}

export function eventFormToBody(values: EventFormValues): EventBody {
  const base = {
    title: values.title.trim(),
    description: values.description,
    allDay: values.allDay,
    color: values.color,
  };
  if (values.allDay) {
    const startDay = parseDateValue(values.start.slice(0, 10));
    const endDay = addDays(parseDateValue(values.end.slice(0, 10)), 1);
    return { ...base, start: startDay.toISOString(), end: endDay.toISOString() };
  }
  return { ...base, start: fromDateTimeLocalValue(values.start) ?? '', end: fromDateTimeLocalValue(values.end) ?? '' };
}

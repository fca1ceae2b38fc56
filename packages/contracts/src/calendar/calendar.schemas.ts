import { z } from 'zod';
import { idField, msg } from '../common/validation.js';
import { WORKSPACE_LIMITS } from '../workspace/workspace.schemas.js';
import { timeZoneField } from '../todo/todo.schemas.js';

export const CALENDAR_SOURCES = ['event', 'todo', 'note', 'test'] as const;
export type CalendarSource = (typeof CALENDAR_SOURCES)[number];

/** The longest window one listEvents call may ask for (a month view with its edges fits easily). */
export const CALENDAR_MAX_RANGE_DAYS = 400;

export const EVENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * An entry of the calendar. Events the student made have source 'event' and can be changed;
 * the others (to-do due dates, note reminders, scheduled tests) are read-only reflections of
 * their own records and carry the route that opens them.
 */
export const CalendarEventSchema = z.object({
  /** Unique across sources, e.g. "event:12", "todo:4". */
  key: z.string(),
  /** The id of the record in its source. */
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601 date-time. */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  color: z.string().nullable(),
  source: z.enum(CALENDAR_SOURCES),
  readOnly: z.boolean(),
  /** Where the client opens the entry (null for the student's own events). */
  route: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

const dateTimeField = z.iso.datetime({ offset: true, ...msg('dateTimeInvalid') });

/** GET /calendar/v1/listEvents?from=&to= : entries that overlap [from, to). */
export const ListEventsQuerySchema = z
  .object({
    from: dateTimeField,
    to: dateTimeField,
    /** IANA time zone used to place all-day entries (to-do due dates); DEFAULT_TIME_ZONE when absent. */
    tz: timeZoneField.optional(),
  })
  .refine((value) => Date.parse(value.to) > Date.parse(value.from), { ...msg('calendarRangeInvalid'), path: ['to'] })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= CALENDAR_MAX_RANGE_DAYS * 86_400_000, {
    ...msg('calendarRangeTooLong'),
    path: ['to'],
  });
export type ListEventsQuery = z.input<typeof ListEventsQuerySchema>;

const eventTitleField = z
  .string(msg('eventTitleRequired'))
  .trim()
  .min(1, msg('eventTitleRequired'))
  .max(WORKSPACE_LIMITS.titleMax, msg('titleTooLong'));
const eventDescriptionField = z.string().trim().max(WORKSPACE_LIMITS.todoNotesMax, msg('descriptionTooLong'));
const eventColorField = z.string(msg('colorInvalid')).regex(EVENT_COLOR_PATTERN, msg('colorInvalid')).nullable();

/** POST /calendar/v1/createEvent */
export const CreateEventBodySchema = z
  .object({
    title: eventTitleField,
    description: eventDescriptionField.optional().default(''),
    start: dateTimeField,
    end: dateTimeField,
    allDay: z.boolean().optional().default(false),
    color: eventColorField.optional().default(null),
  })
  .refine((value) => Date.parse(value.end) >= Date.parse(value.start), { ...msg('eventEndBeforeStart'), path: ['end'] });
export type CreateEventBody = z.input<typeof CreateEventBodySchema>;
export type CreateEventInput = z.output<typeof CreateEventBodySchema>;

/** PUT /calendar/v1/updateEvent: the id and whichever fields change; the server checks end ≥ start. */
export const UpdateEventBodySchema = z.object({
  id: idField,
  title: eventTitleField.optional(),
  description: eventDescriptionField.optional(),
  start: dateTimeField.optional(),
  end: dateTimeField.optional(),
  allDay: z.boolean().optional(),
  color: eventColorField.optional(),
});
export type UpdateEventBody = z.input<typeof UpdateEventBodySchema>;
export type UpdateEventInput = z.output<typeof UpdateEventBodySchema>;

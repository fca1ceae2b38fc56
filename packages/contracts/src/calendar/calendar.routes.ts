import { z } from 'zod';
import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { DeletedSchema, IdQuerySchema } from '../workspace/workspace.schemas.js';
import { CalendarEventSchema, CreateEventBodySchema, ListEventsQuerySchema, UpdateEventBodySchema } from './calendar.schemas.js';

/** Calendar (/calender screen): the student's events plus read-only entries from other domains. */
export const calendarRoutes = {
  listEvents: defineRoute({
    method: 'GET',
    path: '/calendar/v1/listEvents',
    access: STUDENT_ROLES,
    summary: "Entries overlapping [from, to): the student's events, to-do due dates, note reminders, scheduled tests",
    query: ListEventsQuerySchema,
    response: z.array(CalendarEventSchema),
  }),
  createEvent: defineRoute({
    method: 'POST',
    path: '/calendar/v1/createEvent',
    access: STUDENT_ROLES,
    summary: 'Create an event',
    body: CreateEventBodySchema,
    response: CalendarEventSchema,
  }),
  updateEvent: defineRoute({
    method: 'PUT',
    path: '/calendar/v1/updateEvent',
    access: STUDENT_ROLES,
    summary: 'Change an event: the id and the fields that change',
    body: UpdateEventBodySchema,
    response: CalendarEventSchema,
  }),
  deleteEvent: defineRoute({
    method: 'DELETE',
    path: '/calendar/v1/deleteEvent',
    access: STUDENT_ROLES,
    summary: 'Delete an event',
    query: IdQuerySchema,
    response: DeletedSchema,
  }),
};

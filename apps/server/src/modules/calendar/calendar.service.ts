import { DEFAULT_TIME_ZONE, type CalendarEvent, type CreateEventInput, type UpdateEventInput } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { canUseWorkspaceRecord, workspaceOwnerOf } from '../workspace/workspace.policy.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { CALENDAR_ERRORS } from './calendar.errors.js';
import type { CalendarEventRow, CalendarEventValues, CalendarRepository } from './calendar.repository.js';

/** The window a provider is asked about: [from, to), with the student's time zone for all-day entries. */
export interface CalendarRange {
  from: Date;
  to: Date;
  timeZone: string;
}

/**
 * A source of read-only calendar entries (to-do due dates, note reminders, scheduled tests).
 * It returns only the actor's own entries that overlap the range, with source, route and
 * readOnly set.
 */
export type CalendarProvider = (actor: Actor, range: CalendarRange) => Promise<CalendarEvent[]>;

export interface CalendarServiceDeps {
  repo: CalendarRepository;
  clock: Clock;
  /** Other domains' entries; more can be added with addProvider (see services.ts). */
  providers?: CalendarProvider[];
}

const toEvent = (row: CalendarEventRow): CalendarEvent => ({
  key: `event:${row.id}`,
  id: row.id,
  title: row.title,
  description: row.description,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  allDay: row.allDay,
  color: row.color,
  source: 'event',
  readOnly: false,
  route: null,
});

export function createCalendarService(deps: CalendarServiceDeps) {
  const { repo, clock } = deps;
  const providers: CalendarProvider[] = [...(deps.providers ?? [])];

  async function owned(actor: Actor, id: number): Promise<CalendarEventRow> {
    const row = await repo.findOwned(workspaceOwnerOf(actor), id);
    if (!row || !canUseWorkspaceRecord(actor, row)) throw new AppError(CALENDAR_ERRORS.CALENDAR_EVENT_NOT_FOUND);
    return row;
  }

  return {
    /** Registers another source of read-only entries (the exam engine's scheduled tests). */
    addProvider(provider: CalendarProvider): void {
      providers.push(provider);
    },

    async list(actor: Actor, query: { from: string; to: string; tz?: string | undefined }): Promise<CalendarEvent[]> {
      const range: CalendarRange = { from: new Date(query.from), to: new Date(query.to), timeZone: query.tz ?? DEFAULT_TIME_ZONE };
      const own = (await repo.listOverlapping(actor.userId, range.from, range.to)).map(toEvent);
      const others = await Promise.all(providers.map((provider) => provider(actor, range)));
      return [...own, ...others.flat()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.key.localeCompare(b.key));
    },

    async create(actor: Actor, input: CreateEventInput): Promise<CalendarEvent> {
      const values: CalendarEventValues = {
        title: input.title,
        description: input.description,
        startsAt: new Date(input.start),
        endsAt: new Date(input.end),
        allDay: input.allDay,
        color: input.color,
      };
      return toEvent(await repo.create(actor.userId, values, clock.now()));
    },

    async update(actor: Actor, input: UpdateEventInput): Promise<CalendarEvent> {
      const current = await owned(actor, input.id);
      const patch: Partial<CalendarEventValues> = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.start !== undefined) patch.startsAt = new Date(input.start);
      if (input.end !== undefined) patch.endsAt = new Date(input.end);
      if (input.allDay !== undefined) patch.allDay = input.allDay;
      if (input.color !== undefined) patch.color = input.color;
      const start = patch.startsAt ?? current.startsAt;
      const end = patch.endsAt ?? current.endsAt;
      if (end < start) throw new AppError(CALENDAR_ERRORS.CALENDAR_END_BEFORE_START, { fields: { end: 'eventEndBeforeStart' } });
      const row = await repo.update(actor.userId, input.id, patch, clock.now());
      if (!row) throw new AppError(CALENDAR_ERRORS.CALENDAR_EVENT_NOT_FOUND);
      return toEvent(row);
    },

    async remove(actor: Actor, id: number): Promise<{ id: number }> {
      if (!(await repo.delete(actor.userId, id))) throw new AppError(CALENDAR_ERRORS.CALENDAR_EVENT_NOT_FOUND);
      return { id };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

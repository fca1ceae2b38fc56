import { randomUUID } from 'node:crypto';
import {
  type CalendarEvent,
  type CreateNoteInput,
  type EditNoteInput,
  type Note,
  type SearchResult,
} from '@app/contracts';
import type { ChecklistItemJson } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { checkImage } from '../workspace/images.js';
import { createLabelledItemService } from '../workspace/labelled-items.service.js';
import type { NoteRecord, NoteRow, NotesRepository, NoteValues } from './notes.repository.js';

export interface NotesServiceDeps {
  repo: NotesRepository;
  clock: Clock;
}

const toNote = (row: NoteRecord): Note => ({
  id: row.id,
  title: row.title,
  description: row.description,
  archive: row.archive,
  image: row.image,
  time: row.updatedAt.toISOString(),
  checklist: row.checklist,
  labels: row.labels,
  reminder: row.reminder ? row.reminder.toISOString() : null,
  pinned: row.pinned,
  color: row.color,
});

/** Checklist lines keep the client's ids where unique; the server names the rest. */
function normalizeChecklist(items: { id?: string | undefined; text: string; checked: boolean }[]): ChecklistItemJson[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : randomUUID();
    seen.add(id);
    return { id, text: item.text, checked: item.checked };
  });
}

const snippetOf = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

export function createNotesService(deps: NotesServiceDeps) {
  const { repo, clock } = deps;
  const shared = createLabelledItemService<NoteRecord>({ repo, clock });
  const { labels, write } = shared;

  return {
    ...shared.labelHandlers,

    async list(actor: Actor): Promise<Note[]> {
      return (await repo.list(actor.userId)).map(toNote);
    },

    async create(actor: Actor, input: CreateNoteInput): Promise<Note> {
      await labels.assertOwned(actor, input.labels);
      const values: NoteValues = {
        title: input.title,
        description: input.description,
        archive: input.archive,
        image: await checkImage(input.image),
        checklist: normalizeChecklist(input.checklist),
        reminder: input.reminder ? new Date(input.reminder) : null,
        pinned: input.pinned,
        color: input.color,
      };
      return toNote(await write(() => repo.create(actor.userId, values, input.labels, clock.now())));
    },

    async edit(actor: Actor, input: EditNoteInput): Promise<Note> {
      // Ownership first: another student's note is "not found", whatever else the body says.
      await shared.owned(actor, input.id);
      if (input.labels) await labels.assertOwned(actor, input.labels);
      const patch: Partial<NoteValues> = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.archive !== undefined) patch.archive = input.archive;
      if (input.image !== undefined) patch.image = await checkImage(input.image);
      if (input.checklist !== undefined) patch.checklist = normalizeChecklist(input.checklist);
      if (input.reminder !== undefined) patch.reminder = input.reminder ? new Date(input.reminder) : null;
      if (input.pinned !== undefined) patch.pinned = input.pinned;
      if (input.color !== undefined) patch.color = input.color;
      const row = shared.found(await write(() => repo.update(actor.userId, input.id, patch, input.labels, clock.now())));
      return toNote(row);
    },

    remove: shared.removeOwned,

    /** Read-only calendar entries: the actor's note reminders in [from, to). */
    async calendarEntries(actor: Actor, range: { from: Date; to: Date }): Promise<CalendarEvent[]> {
      const rows = await repo.withRemindersBetween(actor.userId, range.from, range.to);
      return rows.map((row: NoteRow) => ({
        key: `note:${row.id}`,
        id: row.id,
        title: row.title || snippetOf(row.description) || row.checklist[0]?.text || '',
        description: row.description,
        start: row.reminder!.toISOString(),
        end: row.reminder!.toISOString(),
        allDay: false,
        color: row.color,
        source: 'note' as const,
        readOnly: true,
        route: `/notes/${row.id}`,
      }));
    },

    async search(actor: Actor, text: string, limit: number): Promise<SearchResult[]> {
      const rows = await repo.search(actor.userId, text, limit);
      const needle = text.toLowerCase();
      return rows.map((row) => {
        const line = row.checklist.find((item) => item.text.toLowerCase().includes(needle))?.text;
        return {
          type: 'note' as const,
          id: row.id,
          title: row.title,
          snippet: snippetOf(row.description.toLowerCase().includes(needle) || !line ? row.description : line),
          archived: row.archive,
          route: `/notes/${row.id}`,
        };
      });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;

import { randomUUID } from 'node:crypto';
import {
  WORKSPACE_ERRORS,
  type CalendarEvent,
  type CreateNoteInput,
  type EditNoteInput,
  type Note,
  type SearchResult,
} from '@app/contracts';
import type { ChecklistItemJson } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { checkImage } from '../workspace/images.js';
import { createLabelService } from '../workspace/labels.service.js';
import { LabelGoneError } from '../workspace/workspace.errors.js';
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
  const labels = createLabelService({ repo: repo.labels, clock });

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof LabelGoneError) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_INVALID, { fields: { labels: 'labelInvalid' } });
      throw error;
    }
  }

  return {
    listLabels: labels.list,
    createLabel: labels.create,
    editLabel: labels.edit,
    deleteLabel: labels.remove,

    async list(actor: Actor): Promise<Note[]> {
      return (await repo.list(actor.userId)).map(toNote);
    },

    async create(actor: Actor, input: CreateNoteInput): Promise<Note> {
      await labels.assertOwned(actor, input.labels);
      const values: NoteValues = {
        title: input.title,
        description: input.description,
        archive: input.archive,
        image: checkImage(input.image),
        checklist: normalizeChecklist(input.checklist),
        reminder: input.reminder ? new Date(input.reminder) : null,
        pinned: input.pinned,
        color: input.color,
      };
      return toNote(await write(() => repo.create(actor.userId, values, input.labels, clock.now())));
    },

    async edit(actor: Actor, input: EditNoteInput): Promise<Note> {
      // Ownership first: another student's note is "not found", whatever else the body says.
      if (!(await repo.findOwned(actor.userId, input.id))) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_ITEM_NOT_FOUND);
      if (input.labels) await labels.assertOwned(actor, input.labels);
      const patch: Partial<NoteValues> = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.archive !== undefined) patch.archive = input.archive;
      if (input.image !== undefined) patch.image = checkImage(input.image);
      if (input.checklist !== undefined) patch.checklist = normalizeChecklist(input.checklist);
      if (input.reminder !== undefined) patch.reminder = input.reminder ? new Date(input.reminder) : null;
      if (input.pinned !== undefined) patch.pinned = input.pinned;
      if (input.color !== undefined) patch.color = input.color;
      const row = await write(() => repo.update(actor.userId, input.id, patch, input.labels, clock.now()));
      if (!row) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_ITEM_NOT_FOUND);
      return toNote(row);
    },

    async remove(actor: Actor, id: number): Promise<{ id: number }> {
      if (!(await repo.delete(actor.userId, id))) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_ITEM_NOT_FOUND);
      return { id };
    },

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

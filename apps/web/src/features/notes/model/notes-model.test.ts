import type { Note } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { emptyNoteForm, formToNoteBody, noteToForm } from './note-form';
import { notesInView, resolveNotesView } from './notes-view';

const note = (over: Partial<Note>): Note => ({
  id: 1,
  title: '',
  description: '',
  archive: false,
  image: null,
  time: '2026-11-20T10:00:00.000Z',
  checklist: [],
  labels: [],
  reminder: null,
  pinned: false,
  color: null,
  ...over,
});

describe('resolveNotesView', () => {
  it('reads the label views at /apps/notes/labels/{handle}/{id}', () => {
    expect(resolveNotesView('/apps/notes/labels/physics/7', { handle: 'physics', id: '7' })).toEqual({
      kind: 'label',
      labelId: 7,
      labelHandle: 'physics',
    });
  });

  it('reads /notes/{id?}/{labelHandle?}/{labelId?}: archive, a label, or a note to open', () => {
    expect(resolveNotesView('/notes/archive', { id: 'archive' })).toEqual({ kind: 'archive' });
    expect(resolveNotesView('/notes/labels/physics/7', { id: 'labels', labelHandle: 'physics', labelId: '7' })).toEqual(
      { kind: 'label', labelId: 7, labelHandle: 'physics' },
    );
    expect(resolveNotesView('/notes/12', { id: '12' })).toEqual({ kind: 'all', openNoteId: 12 });
    expect(resolveNotesView('/notes', {})).toEqual({ kind: 'all', openNoteId: undefined });
  });
});

describe('notesInView', () => {
  const notes = [
    note({ id: 1, time: '2026-11-20T10:00:00.000Z' }),
    note({ id: 2, time: '2026-11-21T10:00:00.000Z', labels: [7] }),
    note({ id: 3, archive: true, labels: [7] }),
    note({ id: 4, pinned: true, time: '2026-11-01T10:00:00.000Z' }),
  ];

  it('lists unarchived notes, pinned first and then newest first', () => {
    expect(notesInView(notes, { kind: 'all' }).map((n) => n.id)).toEqual([4, 2, 1]);
  });

  it('lists only archived notes in the archive and only labelled, unarchived notes in a label view', () => {
    expect(notesInView(notes, { kind: 'archive' }).map((n) => n.id)).toEqual([3]);
    expect(notesInView(notes, { kind: 'label', labelId: 7 }).map((n) => n.id)).toEqual([2]);
  });
});

describe('note form values', () => {
  it('starts empty with the route label preselected', () => {
    expect(emptyNoteForm([7])).toMatchObject({
      title: '',
      labels: [7],
      checklist: [],
      reminder: '',
      hasChecklist: false,
    });
  });

  it('sends the checklist only when it is switched on, and the reminder as an ISO instant', () => {
    const values = {
      ...emptyNoteForm(),
      title: ' Optics ',
      hasChecklist: true,
      checklist: [{ text: 'Lenses', checked: true }],
      reminder: '2026-11-25T18:30',
    };
    expect(formToNoteBody(values)).toEqual({
      title: 'Optics',
      description: '',
      image: null,
      checklist: [{ text: 'Lenses', checked: true }],
      labels: [],
      reminder: new Date(2026, 10, 25, 18, 30).toISOString(),
      color: null,
    });
    expect(formToNoteBody({ ...values, hasChecklist: false }).checklist).toEqual([]);
    expect(formToNoteBody({ ...values, reminder: '' }).reminder).toBeNull();
  });

  it('turns a note back into form values, keeping checklist ids', () => {
    const values = noteToForm(
      note({
        title: 'T',
        checklist: [{ id: 'x1', text: 'A', checked: false }],
        reminder: new Date(2026, 10, 25, 18, 30).toISOString(),
      }),
    );
    expect(values).toMatchObject({ title: 'T', hasChecklist: true, reminder: '2026-11-25T18:30' });
    expect(formToNoteBody(values).checklist).toEqual([{ id: 'x1', text: 'A', checked: false }]);
  });
});

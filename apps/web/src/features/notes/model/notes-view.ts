import type { Note } from '@app/contracts';
import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';

export type NotesView =
  | { kind: 'all'; openNoteId?: number }
  | { kind: 'archive'; openNoteId?: number }
  | { kind: 'label'; labelId: number; labelHandle?: string };

const asId = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * What a notes URL shows. `/apps/notes/labels/{handle}/{id}` is a label view (id = label id);
 * `/notes/{id?}/{labelHandle?}/{labelId?}`: id "archive" is the archive, a labelId is a label
 * view, a numeric id opens that note (search results and calendar entries link there).
 */
export function resolveNotesView(pathname: string, params: Record<string, string | undefined>): NotesView {
  if (matchPath(paths.workspace.notesLabel.path, pathname)) {
    const labelId = asId(params.id);
    if (labelId) return { kind: 'label', labelId, labelHandle: params.handle };
  }
  const labelId = asId(params.labelId);
  if (labelId) return { kind: 'label', labelId, labelHandle: params.labelHandle };
  if (params.id === 'archive') return { kind: 'archive' };
  return { kind: 'all', openNoteId: asId(params.id) };
}

/** The notes a view lists: archived ones only in the archive; pinned first, then newest. */
export function notesInView(notes: Note[], view: NotesView): Note[] {
  const shown = notes.filter((note) => {
    if (view.kind === 'archive') return note.archive;
    if (note.archive) return false;
    return view.kind === 'label' ? note.labels.includes(view.labelId) : true;
  });
  return [...shown].sort(
    (a, b) => Number(b.pinned) - Number(a.pinned) || Date.parse(b.time) - Date.parse(a.time) || b.id - a.id,
  );
}

/** What app/ may mount from the notes feature. */
export { NotesScreen } from './components/notes-screen';
export { NoteCreateDialog } from './components/note-create-dialog';

import type { Label, Note } from '@app/contracts';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from '../../../lib/translation';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { useEditNote } from '../api/notes-api';
import { formToNoteBody, noteToForm } from '../model/note-form';
import { NoteForm } from './note-form';

/** Edits a note in a dialog, as Keep does when a note is opened. */
export function NoteEditDialog({ note, labels, onClose }: { note: Note | null; labels: Label[]; onClose: () => void }) {
  const { t } = useTranslation('notes');
  const editNote = useEditNote();
  return (
    <WorkDialog
      isOpen={Boolean(note)}
      onClose={onClose}
      title={t('editNote')}
      slotProps={{ paper: { sx: { bgcolor: note?.color ?? undefined } } }}
    >
      <DialogContent>
        {note && (
          <NoteForm
            key={note.id}
            defaultValues={noteToForm(note)}
            labels={labels}
            submitText={t('save')}
            isSubmitting={editNote.isPending}
            onCancel={onClose}
            onSubmit={(values) => editNote.mutate({ id: note.id, ...formToNoteBody(values) }, { onSuccess: onClose })}
          />
        )}
      </DialogContent>
    </WorkDialog>
  );
}

import { useTranslation } from '../../../lib/translation';
import { FormDialog, type ItemCreateDialogProps } from '../../../components/workspace/form-dialog';
import { useCreateNote, useNoteLabels } from '../api/notes-api';
import { emptyNoteForm, formToNoteBody } from '../model/note-form';
import { NoteForm } from './note-form';

/**
 * The new-note dialog. `archive` and `labelId` come from the route (spec 000 §2 "Both forms"):
 * in the archive view the note is created archived, in a label view it starts with that label.
 * On success the dialog closes with the server's message; on failure the message is an error toast.
 */
export function NoteCreateDialog({ isOpen, onClose, archive = false, labelId }: ItemCreateDialogProps) {
  const { t } = useTranslation('notes');
  const labels = useNoteLabels();
  const createNote = useCreateNote();
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title={t('newNote')}>
      <NoteForm
        defaultValues={emptyNoteForm(labelId ? [labelId] : [])}
        labels={labels.data ?? []}
        submitText={t('create')}
        isSubmitting={createNote.isPending}
        onCancel={onClose}
        onSubmit={(values) => createNote.mutate({ ...formToNoteBody(values), archive }, { onSuccess: onClose })}
      />
    </FormDialog>
  );
}

import { useTranslation } from '../../../lib/translation';
import { FormDialog, type ItemCreateDialogProps } from '../../../components/workspace/form-dialog';
import { useBookmarkLabels, useCreateBookmark } from '../api/bookmarks-api';
import { emptyBookmarkForm, formToBookmarkBody } from '../model/bookmark-form';
import { BookmarkForm } from './bookmark-form';

/**
 * The new-bookmark dialog. `archive` and `labelId` come from the route (spec 000 §2 "Both forms").
 * On success it closes with the server's message as a toast; on failure the message is an error toast.
 */
export function BookmarkCreateDialog({ isOpen, onClose, archive = false, labelId }: ItemCreateDialogProps) {
  const { t } = useTranslation('bookmarks');
  const labels = useBookmarkLabels();
  const createBookmark = useCreateBookmark();
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title={t('newBookmark')}>
      <BookmarkForm
        defaultValues={emptyBookmarkForm(labelId ? [labelId] : [])}
        labels={labels.data ?? []}
        submitText={t('create')}
        isSubmitting={createBookmark.isPending}
        onCancel={onClose}
        onSubmit={(values) => createBookmark.mutate(formToBookmarkBody(values, archive), { onSuccess: onClose })}
      />
    </FormDialog>
  );
}

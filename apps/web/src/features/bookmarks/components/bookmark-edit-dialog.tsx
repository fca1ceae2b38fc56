import type { Bookmark, Label } from '@app/contracts';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from '../../../lib/translation';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { useEditBookmark } from '../api/bookmarks-api';
import { bookmarkToForm, formToBookmarkBody } from '../model/bookmark-form';
import { BookmarkForm } from './bookmark-form';

export function BookmarkEditDialog({
  bookmark,
  labels,
  onClose,
}: {
  bookmark: Bookmark | null;
  labels: Label[];
  onClose: () => void;
}) {
  const { t } = useTranslation('bookmarks');
  const editBookmark = useEditBookmark();
  return (
    <WorkDialog isOpen={Boolean(bookmark)} onClose={onClose} title={t('editBookmark')}>
      <DialogContent>
        {bookmark && (
          <BookmarkForm
            key={bookmark.id}
            defaultValues={bookmarkToForm(bookmark)}
            labels={labels}
            submitText={t('save')}
            isSubmitting={editBookmark.isPending}
            onCancel={onClose}
            onSubmit={(values) => {
              const { archive: _archive, ...body } = formToBookmarkBody(values, bookmark.archive);
              editBookmark.mutate({ id: bookmark.id, ...body }, { onSuccess: onClose });
            }}
          />
        )}
      </DialogContent>
    </WorkDialog>
  );
}

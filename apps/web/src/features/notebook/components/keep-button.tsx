import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded';
import Button from '@mui/material/Button';
import { useTranslation } from '../../../lib/translation';
import { useKeptQuestions, useToggleKept } from '../api/notebook-api';

/**
 * "Keep in notebook" under a question of a feedback report: a toggle (aria-pressed) that keeps the
 * question as a card even when it was answered right, and takes it back on a second press.
 */
export function KeepInNotebookButton({
  attemptId,
  mapId,
  number,
}: {
  attemptId: string;
  mapId: number;
  number: number;
}) {
  const { t } = useTranslation('notebook');
  const kept = useKeptQuestions(attemptId);
  const toggle = useToggleKept(attemptId);
  const isKept = kept.data?.questionTaskMapIDs.includes(mapId) ?? false;
  return (
    <Button
      size="small"
      variant={isKept ? 'contained' : 'outlined'}
      startIcon={isKept ? <BookmarkAddedIcon /> : <BookmarkAddOutlinedIcon />}
      aria-pressed={isKept}
      // The name holds the visible text (kept or not) and the question's number.
      aria-label={isKept ? t('keep.keptOf', { number }) : t('keep.of', { number })}
      // Not disabled while saving: a disabled button drops the keyboard focus; a second press waits instead.
      disabled={!kept.data}
      onClick={() => {
        if (!toggle.isPending) toggle.mutate({ attemptId, questionTaskMapID: mapId, keep: !isKept });
      }}
    >
      {isKept ? t('keep.kept') : t('keep.keep')}
    </Button>
  );
}

import type { Bookmark, Label } from '@app/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ArchiveToggleButton } from '../../../components/workspace/archive-toggle-button';
import { CardActionButton } from '../../../components/workspace/card-action-button';
import { ConfirmDialog } from '../../../components/workspace/confirm-dialog';

/** One bookmark: image, title, the link (new tab, no opener), labels, and its actions. */
export function BookmarkCard({
  bookmark,
  labels,
  onEdit,
  onArchive,
  onDelete,
}: {
  bookmark: Bookmark;
  labels: Label[];
  onEdit: () => void;
  onArchive: (archive: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('bookmarks');
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const bookmarkLabels = labels.filter((label) => bookmark.labels.includes(label.id));
  let host = bookmark.link;
  try {
    host = new URL(bookmark.link).hostname;
  } catch {
    // Stored links are validated; keep the raw text if one is not parseable.
  }
  return (
    <Card
      variant="outlined"
      data-testid="bookmark-card"
      aria-label={bookmark.title || host}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      {bookmark.image ? (
        <Box
          component="img"
          src={bookmark.image}
          alt=""
          sx={{ width: '100%', height: 140, objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box
          sx={{ height: 72, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover' }}
        >
          <LinkIcon color="action" fontSize="large" />
        </Box>
      )}
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {bookmark.title || host}
        </Typography>
        <Link
          href={bookmark.link}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          sx={{ wordBreak: 'break-all' }}
          aria-label={`${t('openLink')}: ${bookmark.link}`}
        >
          {bookmark.link}
        </Link>
        {bookmarkLabels.length > 0 && (
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5} sx={{ mt: 1 }}>
            {bookmarkLabels.map((label) => (
              <Chip key={label.id} size="small" label={label.name} />
            ))}
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        <CardActionButton label={t('edit')} icon={<EditOutlinedIcon fontSize="small" />} onClick={onEdit} />
        <ArchiveToggleButton
          isArchived={bookmark.archive}
          archiveText={t('archive')}
          unarchiveText={t('unarchive')}
          onToggle={onArchive}
        />
        <CardActionButton
          label={t('delete')}
          icon={<DeleteOutlineIcon fontSize="small" />}
          onClick={() => setIsConfirmOpen(true)}
        />
      </CardActions>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        text={t('deleteConfirm')}
        cancelText={t('cancel')}
        confirmText={t('delete')}
        onClose={() => setIsConfirmOpen(false)}
        onConfirm={onDelete}
      />
    </Card>
  );
}

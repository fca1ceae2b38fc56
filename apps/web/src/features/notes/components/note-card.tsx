import type { EditNoteBody, Label, Note } from '@app/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ArchiveToggleButton } from '../../../components/workspace/archive-toggle-button';
import { CardActionButton } from '../../../components/workspace/card-action-button';
import { ConfirmDialog } from '../../../components/workspace/confirm-dialog';
import { NoteColorPicker } from './note-color-picker';
import { ReminderChip } from './reminder-chip';

/** One note of the grid: click opens it; pin, colour, archive and delete act at once. */
export function NoteCard({
  note,
  labels,
  onOpen,
  onChange,
  onDelete,
}: {
  note: Note;
  labels: Label[];
  onOpen: () => void;
  onChange: (change: Omit<EditNoteBody, 'id'>) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('notes');
  const [paletteAnchor, setPaletteAnchor] = useState<HTMLElement | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const noteLabels = labels.filter((label) => note.labels.includes(label.id));
  const title = note.title || (note.description || note.checklist.length || note.image ? '' : t('untitled'));

  return (
    <Card
      variant="outlined"
      data-testid="note-card"
      aria-label={note.title || t('untitled')}
      sx={{
        bgcolor: note.color ?? 'background.paper',
        breakInside: 'avoid',
        mb: 2,
        position: 'relative',
        '&:hover .note-actions': { opacity: 1 },
      }}
    >
      <Tooltip title={note.pinned ? t('unpin') : t('pin')}>
        <IconButton
          size="small"
          aria-label={note.pinned ? t('unpin') : t('pin')}
          onClick={() => onChange({ pinned: !note.pinned })}
          sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1 }}
        >
          {note.pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <CardActionArea onClick={onOpen} component="div" sx={{ display: 'block' }}>
        {note.image && (
          <Box
            component="img"
            src={note.image}
            alt=""
            sx={{ width: '100%', display: 'block', maxHeight: 260, objectFit: 'cover' }}
          />
        )}
        <Box sx={{ p: 1.5, pr: 5 }}>
          {title && (
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {title}
            </Typography>
          )}
          {note.description && (
            <Typography
              variant="body2"
              sx={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                display: '-webkit-box',
                WebkitLineClamp: 10,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {note.description}
            </Typography>
          )}
        </Box>
      </CardActionArea>
      {note.checklist.length > 0 && (
        <Stack sx={{ px: 0.5, pb: 1 }}>
          {note.checklist.map((item) => (
            <Stack key={item.id} direction="row" alignItems="center">
              <Checkbox
                size="small"
                checked={item.checked}
                slotProps={{ input: { 'aria-label': item.text } }}
                onChange={(event) =>
                  onChange({
                    checklist: note.checklist.map((other) =>
                      other.id === item.id ? { ...other, checked: event.target.checked } : other,
                    ),
                  })
                }
              />
              <Typography
                variant="body2"
                sx={{
                  textDecoration: item.checked ? 'line-through' : 'none',
                  color: item.checked ? 'text.secondary' : 'text.primary',
                }}
              >
                {item.text}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {(note.reminder || noteLabels.length > 0) && (
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5} sx={{ px: 1.5, pb: 1 }}>
          {note.reminder && <ReminderChip reminder={note.reminder} />}
          {noteLabels.map((label) => (
            <Chip key={label.id} size="small" label={label.name} sx={{ bgcolor: 'rgba(0,0,0,0.08)' }} />
          ))}
        </Stack>
      )}
      <Stack
        className="note-actions"
        direction="row"
        sx={{ px: 0.5, pb: 0.5, opacity: { xs: 1, md: 0.35 }, transition: 'opacity 150ms' }}
      >
        <CardActionButton
          label={t('color')}
          icon={<PaletteOutlinedIcon fontSize="small" />}
          onClick={(event) => setPaletteAnchor(event.currentTarget)}
        />
        <ArchiveToggleButton
          isArchived={note.archive}
          archiveText={t('archive')}
          unarchiveText={t('unarchive')}
          onToggle={(archive) => onChange({ archive })}
        />
        <CardActionButton
          label={t('delete')}
          icon={<DeleteOutlineIcon fontSize="small" />}
          onClick={() => setIsConfirmOpen(true)}
        />
      </Stack>
      <Popover
        open={Boolean(paletteAnchor)}
        anchorEl={paletteAnchor}
        onClose={() => setPaletteAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 1.5 }}>
          <NoteColorPicker
            value={note.color}
            onChange={(color) => {
              setPaletteAnchor(null);
              onChange({ color });
            }}
          />
        </Box>
      </Popover>
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

import CloseIcon from '@mui/icons-material/Close';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import type { NoteFormValues } from '../model/note-form';

type Item = NoteFormValues['checklist'][number];

/** The checklist's items: each checked, crossed out, or removed in place (a list, not fields of a form). */
export function ChecklistItems({ items, onChange }: { items: Item[]; onChange: (items: Item[]) => void }) {
  const { t } = useTranslation('notes');
  return (
    <Stack spacing={0.25}>
      {items.map((item, index) => (
        <Stack key={item.id ?? `new-${index}`} direction="row" alignItems="center" spacing={0.5}>
          <Checkbox
            size="small"
            checked={item.checked}
            slotProps={{ input: { 'aria-label': item.text } }}
            onChange={(event) =>
              onChange(items.map((other, i) => (i === index ? { ...other, checked: event.target.checked } : other)))
            }
          />
          <Typography
            sx={{
              flex: 1,
              textDecoration: item.checked ? 'line-through' : 'none',
              color: item.checked ? 'text.secondary' : 'text.primary',
            }}
          >
            {item.text}
          </Typography>
          <IconButton
            size="small"
            aria-label={`${t('removeItem')}: ${item.text}`}
            onClick={() => onChange(items.filter((_, i) => i !== index))}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
    </Stack>
  );
}

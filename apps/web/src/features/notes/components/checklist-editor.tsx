import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../../lib/translation';
import { checklistItemFormSchema, type ChecklistItemFormValues, type NoteFormValues } from '../model/note-form';

type Item = NoteFormValues['checklist'][number];

/**
 * The note's checklist: check, remove, and add items. The new item's text is validated on
 * every change ("You must enter a label title") and Add is enabled only once it is edited and valid.
 */
export function ChecklistEditor({ items, onChange }: { items: Item[]; onChange: (items: Item[]) => void }) {
  const { t } = useTranslation('notes');
  const { t: tm } = useTranslation('messages');
  const { register, handleSubmit, reset, formState } = useForm<ChecklistItemFormValues>({
    mode: 'onChange',
    resolver: zodResolver(checklistItemFormSchema),
    defaultValues: { text: '' },
  });
  // Read both flags on every render: the form state proxy only tracks what a render reads.
  const { isDirty, isValid } = formState;
  const canAdd = isDirty && isValid;
  const error = formState.errors.text?.message;

  const handleAdd = handleSubmit(({ text }) => {
    onChange([...items, { text: text.trim(), checked: false }]);
    reset({ text: '' });
  });

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('checklist')}
      </Typography>
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
      <Stack direction="row" alignItems="flex-start" spacing={1} sx={{ mt: 1 }}>
        <TextField
          size="small"
          fullWidth
          label={t('checklistItem')}
          {...register('text')}
          error={Boolean(error)}
          helperText={error ? tm(asMessageKey(error)) : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (canAdd) void handleAdd();
            }
          }}
        />
        <IconButton aria-label={t('addItem')} color="primary" disabled={!canAdd} onClick={() => void handleAdd()}>
          <AddIcon />
        </IconButton>
      </Stack>
    </Box>
  );
}

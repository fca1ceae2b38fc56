import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { FormTextField } from '../../../components/form/form-text-field';
import { checklistItemFormSchema, type ChecklistItemFormValues, type NoteFormValues } from '../model/note-form';
import { ChecklistItems } from './checklist-items';

type Item = NoteFormValues['checklist'][number];

/**
 * The note's checklist: check, remove, and add items. The new item's text is validated on
 * every change ("You must enter a label title") and Add is enabled only once it is edited and valid.
 */
export function ChecklistEditor({ items, onChange }: { items: Item[]; onChange: (items: Item[]) => void }) {
  const { t } = useTranslation('notes');
  const { control, handleSubmit, reset, formState } = useForm<ChecklistItemFormValues>({
    mode: 'onChange',
    resolver: zodResolver(checklistItemFormSchema),
    defaultValues: { text: '' },
  });
  // Read both flags on every render: the form state proxy only tracks what a render reads.
  const { isDirty, isValid } = formState;
  const canAdd = isDirty && isValid;

  const handleAdd = handleSubmit(({ text }) => {
    onChange([...items, { text: text.trim(), checked: false }]);
    reset({ text: '' });
  });

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('checklist')}
      </Typography>
      <ChecklistItems items={items} onChange={onChange} />
      <Stack direction="row" alignItems="flex-start" spacing={1} sx={{ mt: 1 }}>
        <FormTextField
          control={control}
          name="text"
          label="notes:checklistItem"
          size="small"
          fullWidth
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

import {
  msg,
  UpdateTodoBodySchema,
  WORKSPACE_LIMITS,
  type Label,
  type Todo,
  type UpdateTodoBody,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import CloseIcon from '@mui/icons-material/Close';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../../lib/translation';
import { DateInput } from '../../../components/date-time-field';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/workspace/confirm-dialog';
import { LabelPicker } from '../../../components/workspace/label-picker';
import { PendingButton } from '../../../components/pending-button';

const detailSchema = z.object({
  title: UpdateTodoBodySchema.shape.title.unwrap(),
  notes: z.string().max(WORKSPACE_LIMITS.todoNotesMax, msg('descriptionTooLong')),
  dueDate: z.string(),
  starred: z.boolean(),
  important: z.boolean(),
  completed: z.boolean(),
  labels: z.array(z.number()),
});
type DetailValues = z.infer<typeof detailSchema>;

/** The right pane: edit every field of one to-do, trash it, or restore / delete it from the trash. */
export function TodoDetail({
  todo,
  labels,
  onSave,
  onTrash,
  onRestore,
  onClose,
  isSaving,
}: {
  todo: Todo;
  labels: Label[];
  onSave: (change: UpdateTodoBody) => void;
  onTrash: () => void;
  onRestore: () => void;
  onClose: () => void;
  isSaving: boolean;
}) {
  const { t } = useTranslation('todo');
  const { t: tm } = useTranslation('messages');
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { control, register, handleSubmit, formState } = useForm<DetailValues>({
    mode: 'onChange',
    resolver: zodResolver(detailSchema),
    values: {
      title: todo.title,
      notes: todo.notes,
      dueDate: todo.dueDate ?? '',
      starred: todo.starred,
      important: todo.important,
      completed: todo.completed,
      labels: [...todo.labels],
    },
  });
  // Read both flags on every render: the form state proxy only tracks what a render reads.
  const { isDirty, isValid } = formState;
  const isTrashed = todo.deleted;

  return (
    <Box
      component="form"
      noValidate
      aria-label={todo.title}
      onSubmit={handleSubmit((values) => onSave({ id: todo.id, ...values, dueDate: values.dueDate || null }))}
    >
      <Stack direction="row" justifyContent="flex-end">
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {isTrashed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('inTrash')}
        </Alert>
      )}
      <fieldset disabled={isTrashed} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack spacing={2}>
          <TextField
            label={t('todoTitle')}
            required
            {...register('title')}
            error={Boolean(formState.errors.title)}
            helperText={formState.errors.title?.message && tm(asMessageKey(formState.errors.title.message))}
          />
          <TextField
            label={t('notes')}
            multiline
            minRows={4}
            {...register('notes')}
            error={Boolean(formState.errors.notes)}
            helperText={formState.errors.notes?.message && tm(asMessageKey(formState.errors.notes.message))}
          />
          <Controller
            name="dueDate"
            control={control}
            render={({ field }) => (
              <DateInput label={t('dueDate')} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} />
            )}
          />
          <Stack direction="row" flexWrap="wrap">
            {(['starred', 'important', 'completed'] as const).map((name) => (
              <Controller
                key={name}
                name={name}
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                    }
                    label={t(name === 'starred' ? 'star' : name === 'important' ? 'important' : 'complete')}
                  />
                )}
              />
            ))}
          </Stack>
          <Controller
            name="labels"
            control={control}
            render={({ field }) => <LabelPicker labels={labels} value={field.value} onChange={field.onChange} />}
          />
        </Stack>
      </fieldset>
      <Stack direction="row" spacing={1} justifyContent="space-between" sx={{ mt: 2 }}>
        {isTrashed ? (
          <>
            <Button startIcon={<RestoreFromTrashIcon />} onClick={onRestore}>
              {t('restore')}
            </Button>
            <Button color="error" startIcon={<DeleteForeverIcon />} onClick={() => setIsConfirmOpen(true)}>
              {t('deleteForever')}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onTrash}>
              {t('trash')}
            </Button>
            <PendingButton isPending={isSaving} type="submit" variant="contained" disabled={!isDirty || !isValid || isSaving}>
              {t('save')}
            </PendingButton>
          </>
        )}
      </Stack>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        text={t('deleteConfirm')}
        cancelText={t('cancel')}
        confirmText={t('deleteForever')}
        onClose={() => setIsConfirmOpen(false)}
        onConfirm={onTrash}
      />
    </Box>
  );
}

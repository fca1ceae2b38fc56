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
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { DateInput } from '../../../components/date-time-field';
import { FormCheckboxField } from '../../../components/form/form-checkbox-field';
import { FormTextField } from '../../../components/form/form-text-field';
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
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { control, handleSubmit, formState } = useForm<DetailValues>({
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
          <FormTextField control={control} name="title" label="todo:todoTitle" isRequired />
          <FormTextField control={control} name="notes" label="todo:notes" multiline minRows={4} />
          <Controller
            name="dueDate"
            control={control}
            render={({ field }) => (
              <DateInput label={t('dueDate')} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} />
            )}
          />
          <Stack direction="row" flexWrap="wrap">
            <FormCheckboxField control={control} name="starred" label="todo:star" />
            <FormCheckboxField control={control} name="important" label="todo:important" />
            <FormCheckboxField control={control} name="completed" label="todo:complete" />
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

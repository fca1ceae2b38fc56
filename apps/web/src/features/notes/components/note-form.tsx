import { zodResolver } from '@hookform/resolvers/zod';
import ChecklistIcon from '@mui/icons-material/Checklist';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../../lib/translation';
import { DateTimeInput } from '../../../components/date-time-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormActions, type ItemFormProps } from '../../../components/workspace/form-actions';
import { ImagePicker } from '../../../components/workspace/image-picker';
import { LabelPicker } from '../../../components/workspace/label-picker';
import { useReportDirty } from '../../../components/dialogs/work-dialog';
import { noteFormSchema, type NoteFormValues } from '../model/note-form';
import { ChecklistEditor } from './checklist-editor';
import { NoteColorPicker } from './note-color-picker';

/**
 * The note form (spec 000 §2 "Notes screen"): image, title, description, optional checklist,
 * label picker, reminder and colour. Submit is enabled once something changed.
 */
export function NoteForm({
  defaultValues,
  labels,
  submitText,
  onSubmit,
  onCancel,
  isSubmitting,
}: ItemFormProps<NoteFormValues>) {
  const { t } = useTranslation('notes');
  const { t: tm } = useTranslation('messages');
  const { control, handleSubmit, setValue, formState } = useForm<NoteFormValues>({
    mode: 'onChange',
    resolver: zodResolver(noteFormSchema),
    defaultValues,
  });
  // Read both flags on every render: the form state proxy only tracks what a render reads.
  const { isDirty, isValid } = formState;
  useReportDirty(isDirty);
  const hasChecklist = useWatch({ control, name: 'hasChecklist' });
  const color = useWatch({ control, name: 'color' });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={submitText}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="image"
          control={control}
          render={({ field }) => <ImagePicker value={field.value} onChange={field.onChange} />}
        />
        <FormTextField control={control} name="title" label="notes:noteTitle" />
        <FormTextField control={control} name="description" label="notes:description" multiline minRows={3} />
        {hasChecklist ? (
          <Controller
            name="checklist"
            control={control}
            render={({ field }) => <ChecklistEditor items={field.value} onChange={(items) => field.onChange(items)} />}
          />
        ) : null}
        <Box>
          <Button
            size="small"
            startIcon={<ChecklistIcon />}
            onClick={() => setValue('hasChecklist', !hasChecklist, { shouldDirty: true, shouldValidate: true })}
          >
            {hasChecklist ? t('hideChecklist') : t('addChecklist')}
          </Button>
        </Box>
        <Controller
          name="labels"
          control={control}
          render={({ field }) => <LabelPicker labels={labels} value={field.value} onChange={field.onChange} />}
        />
        <Controller
          name="reminder"
          control={control}
          render={({ field }) => (
            <DateTimeInput
              label={t('reminder')}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(formState.errors.reminder)}
              helperText={formState.errors.reminder?.message && tm(asMessageKey(formState.errors.reminder.message))}
            />
          )}
        />
        <NoteColorPicker value={color} onChange={(value) => setValue('color', value, { shouldDirty: true })} />
        <FormActions
          cancelText={t('cancel')}
          submitText={submitText}
          isDirty={isDirty}
          isValid={isValid}
          isSubmitting={isSubmitting}
          onCancel={onCancel}
        />
      </Stack>
    </Box>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormActions, type ItemFormProps } from '../../../components/workspace/form-actions';
import { ImagePicker } from '../../../components/workspace/image-picker';
import { LabelPicker } from '../../../components/workspace/label-picker';
import { useReportDirty } from '../../../components/dialogs/work-dialog';
import { bookmarkFormSchema, type BookmarkFormValues } from '../model/bookmark-form';

/**
 * The bookmark form (spec 000 §2 "Bookmarks screen"): image picker, title, multi-line link and
 * label picker. Submit is enabled only when the form is changed and valid (spec 000 §5).
 */
export function BookmarkForm({
  defaultValues,
  labels,
  submitText,
  onSubmit,
  onCancel,
  isSubmitting,
}: ItemFormProps<BookmarkFormValues>) {
  const { t } = useTranslation('bookmarks');
  const { control, handleSubmit, formState } = useForm<BookmarkFormValues>({
    mode: 'onChange',
    resolver: zodResolver(bookmarkFormSchema),
    defaultValues,
  });
  // Read both flags on every render: the form state proxy only tracks what a render reads.
  const { isDirty, isValid } = formState;
  useReportDirty(isDirty);

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={submitText}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="image"
          control={control}
          render={({ field }) => <ImagePicker value={field.value} onChange={field.onChange} />}
        />
        <FormTextField control={control} name="title" label="bookmarks:bookmarkTitle" />
        <FormTextField control={control} name="link" label="bookmarks:link" isRequired multiline minRows={2} />
        <Controller
          name="labels"
          control={control}
          render={({ field }) => <LabelPicker labels={labels} value={field.value} onChange={field.onChange} />}
        />
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

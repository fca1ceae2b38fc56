import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KindFieldsProps } from '../kind';

/** The address of a video or image question's media, beside the classification fields. */
export function MediaUrlField({ control, isDisabled }: KindFieldsProps) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  return (
    <Controller
      control={control}
      name="mediaUrl"
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id="question-media-url"
          label={t('editor.mediaUrl')}
          required
          disabled={isDisabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? tm(fieldState.error.message) : undefined}
          sx={{ gridColumn: { sm: 'span 2', md: 'span 4' } }}
        />
      )}
    />
  );
}

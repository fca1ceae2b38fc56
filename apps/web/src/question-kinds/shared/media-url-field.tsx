import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
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
          helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined}
          sx={{ gridColumn: { sm: 'span 2', md: 'span 4' } }}
        />
      )}
    />
  );
}

import { EVENT_COLOR_PATTERN } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../../lib/translation';
import { DateInput, DateTimeInput } from '../../../components/date-time-field';
import { FormCheckboxField } from '../../../components/form/form-checkbox-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { eventFormSchema, type EventFormValues } from '../model/event-form';
import { SOURCE_COLORS } from '../model/calendar-grid';
import { PendingButton } from '../../../components/pending-button';

const EVENT_COLORS = [
  SOURCE_COLORS.event,
  '#dc2626',
  '#ea580c',
  '#16a34a',
  '#0891b2',
  '#9333ea',
  '#db2777',
  '#475569',
].filter((color) => EVENT_COLOR_PATTERN.test(color));

/** Create or change one of the student's own events; Delete only for an existing one. Typed work is never dropped by Escape or a click outside. */
export function EventDialog({
  isOpen,
  isNew,
  defaultValues,
  isSaving,
  onSave,
  onDelete,
  onClose,
}: {
  isOpen: boolean;
  isNew: boolean;
  defaultValues: EventFormValues;
  isSaving: boolean;
  onSave: (values: EventFormValues) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('calendar');
  const { t: tm } = useTranslation('messages');
  const { control, handleSubmit, formState, setValue } = useForm<EventFormValues>({
    mode: 'onChange',
    resolver: zodResolver(eventFormSchema),
    defaultValues,
  });
  // Read both flags on every render: the form state proxy only tracks what a render reads.
  const { isDirty, isValid } = formState;
  const allDay = useWatch({ control, name: 'allDay' });
  const start = useWatch({ control, name: 'start' });
  const end = useWatch({ control, name: 'end' });
  const color = useWatch({ control, name: 'color' }) ?? SOURCE_COLORS.event;
  const error = (message?: string) => (message ? tm(asMessageKey(message)) : undefined);

  return (
    <WorkDialog isOpen={isOpen} isDirty={isDirty} onClose={onClose} title={isNew ? t('newEvent') : t('editEvent')} maxWidth="xs">
      <Box component="form" noValidate onSubmit={handleSubmit(onSave)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={control} name="title" label="calendar:eventTitle" isRequired autoFocus />
            <FormCheckboxField control={control} name="allDay" label="calendar:allDay" />
            {allDay ? (
              <>
                <DateInput
                  label={t('start')}
                  value={start.slice(0, 10)}
                  onChange={(value) => setValue('start', `${value}T00:00`, { shouldDirty: true, shouldValidate: true })}
                  error={Boolean(formState.errors.start)}
                  helperText={error(formState.errors.start?.message)}
                />
                <DateInput
                  label={t('end')}
                  value={end.slice(0, 10)}
                  onChange={(value) => setValue('end', `${value}T00:00`, { shouldDirty: true, shouldValidate: true })}
                  error={Boolean(formState.errors.end)}
                  helperText={error(formState.errors.end?.message)}
                />
              </>
            ) : (
              <>
                <Controller
                  name="start"
                  control={control}
                  rules={{ deps: ['end'] }}
                  render={({ field }) => (
                    <DateTimeInput
                      label={t('start')}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={Boolean(formState.errors.start)}
                      helperText={error(formState.errors.start?.message)}
                    />
                  )}
                />
                <Controller
                  name="end"
                  control={control}
                  render={({ field }) => (
                    <DateTimeInput
                      label={t('end')}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={Boolean(formState.errors.end)}
                      helperText={error(formState.errors.end?.message)}
                    />
                  )}
                />
              </>
            )}
            <FormTextField control={control} name="description" label="calendar:description" multiline minRows={2} />
            <Box>
              <Typography variant="caption" color="text.secondary">
                {t('color')}
              </Typography>
              <Stack direction="row" spacing={0.75} role="radiogroup" aria-label={t('color')}>
                {EVENT_COLORS.map((swatch) => (
                  <ButtonBase
                    key={swatch}
                    role="radio"
                    aria-checked={swatch === color}
                    aria-label={swatch}
                    onClick={() => setValue('color', swatch, { shouldDirty: true })}
                    sx={{
                      width: 24,
                      height: 24,
                      borderRadius: '50%',
                      bgcolor: swatch,
                      outline: swatch === color ? '3px solid rgba(0,0,0,0.35)' : 'none',
                      outlineOffset: 1,
                    }}
                  />
                ))}
              </Stack>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          {!isNew && (
            <Button color="error" onClick={onDelete} sx={{ mr: 'auto' }}>
              {t('delete')}
            </Button>
          )}
          <Button onClick={onClose}>{t('cancel')}</Button>
          <PendingButton isPending={isSaving} type="submit" variant="contained" disabled={isSaving || !isValid || (!isNew && !isDirty)}>
            {isNew ? t('create') : t('save')}
          </PendingButton>
        </DialogActions>
      </Box>
    </WorkDialog>
  );
}

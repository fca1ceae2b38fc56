import { zodResolver } from '@hookform/resolvers/zod';
import { CreateSupportMessageBodySchema, SUPPORT_CATEGORIES } from '@app/contracts';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateMessage } from '../api/support-api';
import { PendingButton } from '../../../components/pending-button';

type ContactValues = z.input<typeof CreateSupportMessageBodySchema>;
const EMPTY: ContactValues = { subject: '', message: '', category: 'question' };

/** Contact Us: subject, category and message, sent to the institute's administrators. */
export function ContactForm() {
  const { t } = useTranslation('support');
  const create = useCreateMessage();
  const { control, handleSubmit, reset } = useForm<ContactValues>({ defaultValues: EMPTY, resolver: zodResolver(CreateSupportMessageBodySchema) });
  const options = SUPPORT_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }));

  return (
    <Stack component="form" noValidate spacing={2} aria-label={t('formLabel')} onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: () => reset(EMPTY) }))}>
      <FormTextField name="subject" control={control} label="support:subject" isRequired fullWidth helperText="support:subjectHelp" autoComplete="off" />
      <FormSelectField name="category" control={control} label="support:category" options={options} isRequired fullWidth />
      <FormTextField name="message" control={control} label="support:message" isRequired fullWidth multiline minRows={5} helperText="support:messageHelp" />
      <Stack direction="row" justifyContent="flex-end">
        <PendingButton isPending={create.isPending} type="submit" variant="contained" disabled={create.isPending}>
          {t('send')}
        </PendingButton>
      </Stack>
    </Stack>
  );
}

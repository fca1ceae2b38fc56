import { LinkParentBodySchema, type StudentRow } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { z } from 'zod';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useLinkParent, useStudent, useUnlinkParent } from '../api/students-api';
import { PendingButton } from '../../../components/pending-button';

type Values = z.input<typeof LinkParentBodySchema>;

/** A student's parents: link one by e-mail (the account is made when there is none), or unlink. */
export function ParentsDialog({ student, onClose }: { student: StudentRow; onClose: () => void }) {
  const { t } = useTranslation('students');
  const detail = useStudent(student.id);
  const link = useLinkParent();
  const unlink = useUnlinkParent();
  const name = `${student.firstName} ${student.lastName}`.trim();
  const { control, handleSubmit, reset, formState } = useForm<Values>({
    resolver: zodResolver(LinkParentBodySchema),
    mode: 'onChange',
    defaultValues: { id: student.id, email: '', parentName: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    await link.mutateAsync(values);
    reset({ id: student.id, email: '', parentName: '' });
  });
  const parents = detail.data?.parents ?? [];

  return (
    <WorkDialog isOpen isDirty={formState.isDirty} onClose={onClose} title={t('parentsTitle', { name })}>
      <DialogContent>
        {parents.length === 0 ? (
          <Typography color="text.secondary">{t('noParents')}</Typography>
        ) : (
          <List dense aria-label={t('parents')}>
            {parents.map((parent) => (
              <ListItem
                key={parent.userId}
                secondaryAction={
                  <Button size="small" onClick={() => unlink.mutate({ id: student.id, parentUserId: parent.userId })} aria-label={`${t('unlink')}: ${parent.email ?? parent.name}`}>
                    {t('unlink')}
                  </Button>
                }
              >
                <ListItemText primary={parent.name} secondary={parent.email} />
              </ListItem>
            ))}
          </List>
        )}
        <Stack component="form" noValidate spacing={2} sx={{ mt: 2 }} onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
          <FormTextField control={control} name="email" label="students:parentEmail" type="email" isRequired fullWidth autoFocus />
          <FormTextField control={control} name="parentName" label="students:parentName" fullWidth />
          <PendingButton isPending={formState.isSubmitting} type="submit" variant="outlined" disabled={formState.isSubmitting}>
            {t('link')}
          </PendingButton>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </WorkDialog>
  );
}

import type { ManagedTopic } from '@app/contracts';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { WorkDialog } from '../../../../components/dialogs/work-dialog';
import { useIsChanged } from '../../../../hooks/use-is-changed';
import { useCreateTopic, useUpdateTopic } from '../api/manage-api';
import { PendingButton } from '../../../../components/pending-button';

/** Adds a topic at the end of a course, or renames one. */
export function TopicDialog({ courseId, topic, onClose }: { courseId: number; topic?: ManagedTopic; onClose: () => void }) {
  const { t } = useTranslation('academy');
  const [name, setName] = useState(topic?.topicName ?? '');
  const [description, setDescription] = useState(topic?.description ?? '');
  const [isNameMissing, setIsNameMissing] = useState(false);
  const create = useCreateTopic();
  const update = useUpdateTopic();
  const isDirty = useIsChanged({ name, description });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setIsNameMissing(true);
      return;
    }
    if (topic) await update.mutateAsync({ topicId: topic.topicID, name, description });
    else await create.mutateAsync({ courseId, name, description });
    onClose();
  }

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={topic ? t('manage.editTopic') : t('manage.newTopic')}>
      <form onSubmit={(event) => void handleSubmit(event).catch(() => undefined)} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={t('manage.topicName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={isNameMissing}
              helperText={isNameMissing ? t('messages:contentNameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField label={t('manage.description')} value={description} onChange={(event) => setDescription(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('manage.cancel')}</Button>
          <PendingButton isPending={create.isPending || update.isPending} type="submit" variant="contained" disabled={create.isPending || update.isPending}>
            {t('manage.save')}
          </PendingButton>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}

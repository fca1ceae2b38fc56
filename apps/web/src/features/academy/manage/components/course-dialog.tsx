import type { ManagedCourse } from '@app/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { WorkDialog } from '../../../../components/dialogs/work-dialog';
import { useIsChanged } from '../../../../hooks/use-is-changed';
import { useCreateCourse, useUpdateCourse } from '../api/manage-api';
import { PendingButton } from '../../../../components/pending-button';

/** Creates a course (a draft unless published) or edits one. */
export function CourseDialog({ course, onClose }: { course?: ManagedCourse; onClose: () => void }) {
  const { t } = useTranslation('academy');
  const [name, setName] = useState(course?.courseName ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [language, setLanguage] = useState<'en' | 'tn'>((course?.language as 'en' | 'tn') ?? 'en');
  const [isPublished, setIsPublished] = useState(course?.isPublished ?? false);
  const [instituteOnly, setInstituteOnly] = useState(true);
  const [isNameMissing, setIsNameMissing] = useState(false);
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const isSaving = create.isPending || update.isPending;
  const isDirty = useIsChanged({ name, description, language, isPublished, instituteOnly });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setIsNameMissing(true);
      return;
    }
    const values = { name, description, language, isPublished };
    if (course) await update.mutateAsync({ courseId: course.courseID, ...values });
    else await create.mutateAsync({ ...values, instituteOnly });
    onClose();
  }

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={course ? t('manage.editCourse') : t('manage.newCourse')}>
      <form onSubmit={(event) => void handleSubmit(event).catch(() => undefined)} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={t('manage.courseName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={isNameMissing}
              helperText={isNameMissing ? t('messages:contentNameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField label={t('manage.description')} value={description} onChange={(event) => setDescription(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            <TextField select label={t('manage.language')} value={language} onChange={(event) => setLanguage(event.target.value as 'en' | 'tn')}>
              <MenuItem value="en">{t('manage.languages.en')}</MenuItem>
              <MenuItem value="tn">{t('manage.languages.tn')}</MenuItem>
            </TextField>
            {!course && (
              <FormControlLabel control={<Checkbox checked={instituteOnly} onChange={(event) => setInstituteOnly(event.target.checked)} />} label={t('manage.instituteOnly')} />
            )}
            <FormControlLabel control={<Checkbox checked={isPublished} onChange={(event) => setIsPublished(event.target.checked)} />} label={`${t('manage.published')} — ${t('manage.publishedHint')}`} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('manage.cancel')}</Button>
          <PendingButton isPending={isSaving} type="submit" variant="contained" disabled={isSaving}>
            {t('manage.save')}
          </PendingButton>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}

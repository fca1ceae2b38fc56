import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { WorkDialog } from '../../../../components/dialogs/work-dialog';
import { useFocusFirstError } from '../../../../hooks/use-focus-first-error';
import { useIsChanged } from '../../../../hooks/use-is-changed';
import { useNotify } from '../../../../hooks/use-notify';
import { useCourseOptions, useCreateTestConfig, useTopicOptions } from '../api/test-config-api';
import { defaultSettings } from '../model/test-config-model';
import { PendingButton } from '../../../../components/pending-button';

/** Name, type, course and topic: enough to make a draft; everything else is set on the test's page. */
export function CreateTestDialog({ pattern, onClose, onCreated }: { pattern: 'blank' | 'neet'; onClose: () => void; onCreated: (testId: number) => void }) {
  const { t } = useTranslation('testConfig');
  const { t: tm } = useTranslation('messages');
  const notify = useNotify();
  const [name, setName] = useState(pattern === 'neet' ? 'NEET mock test' : '');
  const [testType, setTestType] = useState<'test' | 'practice'>('test');
  const [courseId, setCourseId] = useState<number | ''>('');
  const [topicId, setTopicId] = useState<number | ''>('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const isDirty = useIsChanged({ name, testType, courseId, topicId });
  const courses = useCourseOptions();
  const topics = useTopicOptions(courseId || undefined);
  const create = useCreateTestConfig();
  const errors = useFocusFirstError();
  const nameError = isSubmitted && !name.trim() ? tm('tcNameRequired') : undefined;
  const placeError = isSubmitted && (!courseId || !topicId) ? tm('tcCourseTopicInvalid') : undefined;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (!name.trim() || !courseId || !topicId) return errors.focusFirstError();
    create.mutate(
      { settings: { ...defaultSettings(courseId, topicId), name: name.trim(), testType }, pattern },
      { onSuccess: (config) => onCreated(config.testId), onError: (error) => notify.apiError(error) },
    );
  }

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={pattern === 'neet' ? t('createNeetTitle') : t('createTitle')}>
      <form ref={errors.ref} onSubmit={handleSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {pattern === 'neet' && <DialogContentText>{t('neetHelp')}</DialogContentText>}
            <TextField label={t('name')} value={name} onChange={(e) => setName(e.target.value)} required error={!!nameError} helperText={nameError} autoFocus fullWidth />
            <TextField select label={t('testType')} value={testType} onChange={(e) => setTestType(e.target.value as 'test' | 'practice')} fullWidth>
              <MenuItem value="test">{t('graded')}</MenuItem>
              <MenuItem value="practice">{t('practice')}</MenuItem>
            </TextField>
            <TextField
              select
              label={t('course')}
              value={courseId}
              onChange={(e) => {
                setCourseId(Number(e.target.value));
                setTopicId('');
              }}
              required
              error={!!placeError && !courseId}
              fullWidth
            >
              {(courses.data ?? []).map((c) => (
                <MenuItem key={c.courseID} value={c.courseID}>
                  {c.courseName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('topic')}
              value={topicId}
              onChange={(e) => setTopicId(Number(e.target.value))}
              required
              disabled={!courseId}
              error={!!placeError}
              helperText={placeError}
              fullWidth
            >
              {(topics.data?.topics ?? []).map((topic) => (
                <MenuItem key={topic.topicID} value={topic.topicID}>
                  {topic.topicName}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <PendingButton type="submit" variant="contained" isPending={create.isPending}>
            {t('create')}
          </PendingButton>
        </DialogActions>
      </form>
    </WorkDialog>
  );
}

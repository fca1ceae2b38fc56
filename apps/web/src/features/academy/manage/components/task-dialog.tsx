import type { LessonContentType, ManagedTask, TaskKind, TestType } from '@app/contracts';
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
import { RichTextEditor } from '../../../../components/rich-text/rich-text-editor';
import { useCreateTask, useUpdateTask } from '../api/manage-api';
import { ResourcePicker } from './resource-picker';
import { PendingButton } from '../../../../components/pending-button';

interface TaskDialogProps {
  courseId: number;
  topicId: number;
  kind: TaskKind;
  task?: ManagedTask;
  onClose: () => void;
}

/** A lesson (text with formulas, a video or a PDF) or a test's name, type and time; its questions are set in Test Configuration. */
export function TaskDialog({ courseId, topicId, kind, task, onClose }: TaskDialogProps) {
  const { t, i18n } = useTranslation('academy');
  const [name, setName] = useState(task?.TaskName ?? '');
  const [contentType, setContentType] = useState<LessonContentType>(task?.contentType ?? 'richText');
  const [richText, setRichText] = useState(task?.richText ?? '');
  const [videoUrl, setVideoUrl] = useState(task?.videoUrl ?? '');
  const [pdfUrl, setPdfUrl] = useState(task?.pdfUrl ?? '');
  const [testType, setTestType] = useState<TestType>(task?.type ?? 'test');
  const [duration, setDuration] = useState(task?.duration ? String(task.duration) : '');
  const [isPublished, setIsPublished] = useState(task?.isPublished ?? false);
  const [isNameMissing, setIsNameMissing] = useState(false);
  const create = useCreateTask();
  const update = useUpdateTask();
  const isLesson = kind === 'lesson';
  const isDirty = useIsChanged({ name, contentType, richText, videoUrl, pdfUrl, testType, duration, isPublished });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setIsNameMissing(true);
      return;
    }
    const fields = isLesson
      ? { name, isPublished, contentType, richText: richText || null, videoUrl: videoUrl.trim() || null, pdfUrl: pdfUrl.trim() || null }
      : { name, isPublished, testType, duration: duration.trim() ? Number(duration) : null };
    if (task) await update.mutateAsync({ taskId: task.taskID, ...fields });
    else await create.mutateAsync({ courseId, topicId, kind, ...fields });
    onClose();
  }

  const title = task ? (isLesson ? t('manage.editLesson') : t('manage.editTest')) : isLesson ? t('manage.newLesson') : t('manage.newTest');
  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={title} maxWidth="md">
      <form onSubmit={(event) => void handleSubmit(event).catch(() => undefined)} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={t('manage.taskName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={isNameMissing}
              helperText={isNameMissing ? t('messages:contentNameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {isLesson ? (
              <>
                <TextField select label={t('manage.contentType')} value={contentType} onChange={(event) => setContentType(event.target.value as LessonContentType)}>
                  {(['richText', 'video', 'pdf'] as const).map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`manage.contentTypes.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {contentType === 'video' && <ResourcePicker kind="video" value={videoUrl} onChange={setVideoUrl} />}
                {contentType === 'pdf' && <ResourcePicker kind="pdf" value={pdfUrl} onChange={setPdfUrl} />}
                {contentType === 'video' && (
                  <TextField label={t('manage.videoUrl')} value={videoUrl} onChange={(event) => setVideoUrl(event.target.value)} helperText={t('manage.addressHint')} inputMode="url" />
                )}
                {contentType === 'pdf' && (
                  <TextField label={t('manage.pdfUrl')} value={pdfUrl} onChange={(event) => setPdfUrl(event.target.value)} helperText={t('manage.addressHint')} inputMode="url" />
                )}
                <RichTextEditor label={t('manage.lessonText')} value={richText} onChange={setRichText} minRows={6} lang={i18n.language === 'tn' ? 'ta' : 'en'} />
              </>
            ) : (
              <>
                <TextField select label={t('manage.testType')} value={testType} onChange={(event) => setTestType(event.target.value as TestType)}>
                  <MenuItem value="test">{t('manage.testTypes.test')}</MenuItem>
                  <MenuItem value="practice">{t('manage.testTypes.practice')}</MenuItem>
                </TextField>
                <TextField
                  label={t('manage.duration')}
                  value={duration}
                  onChange={(event) => setDuration(event.target.value.replace(/\D/g, ''))}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                />
              </>
            )}
            <FormControlLabel control={<Checkbox checked={isPublished} onChange={(event) => setIsPublished(event.target.checked)} />} label={`${t('manage.published')} — ${t('manage.publishedHint')}`} />
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

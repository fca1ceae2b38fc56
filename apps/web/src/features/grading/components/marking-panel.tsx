import type { PendingEvaluation } from '@app/contracts';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { dateTime } from '../../../lib/date-time';
import { useRevealCandidate } from '../api/grading-api';
import { parseMark } from '../model/marking-queue';
import { markingKindOf } from '../../../question-kinds';
import { PendingButton } from '../../../components/pending-button';

/**
 * One answer to mark: the question, its model answer, the student's answer under a
 * candidate code (revealed on request), the mark and a comment. Ctrl+Enter saves and moves on.
 */
export function MarkingPanel({
  item,
  isSaving,
  onSave,
}: {
  item: PendingEvaluation;
  isSaving: boolean;
  onSave: (input: { marksAwarded: number; comment: string; goNext: boolean }) => void;
}) {
  const { t, i18n } = useTranslation('grading');
  const reveal = useRevealCandidate();
  const markRef = useRef<HTMLInputElement>(null);
  const [mark, setMark] = useState(item.teacherMarks === null ? '' : String(item.teacherMarks));
  const [comment, setComment] = useState(item.teacherComment ?? '');
  const [isTouched, setIsTouched] = useState(false);
  const parsed = parseMark(mark, item.marks);

  // A new answer: its own values, and the cursor in the mark field.
  useEffect(() => {
    markRef.current?.focus();
  }, [item.attemptId, item.questionTaskMapID]);

  const save = (goNext: boolean) => {
    setIsTouched(true);
    if (parsed === null) {
      markRef.current?.focus();
      return;
    }
    onSave({ marksAwarded: parsed, comment: comment.trim(), goNext });
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save(true);
    }
  };

  // The kind shows what is marked (the question, its key, the student's answer).
  const AnswerView = markingKindOf(item).marking?.AnswerView;
  const revealed = reveal.data?.attemptId === item.attemptId ? reveal.data : null;

  return (
    <Stack spacing={2} onKeyDown={handleKeyDown} data-testid="marking-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('candidate', { code: item.candidate })}
          {revealed && (
            <Typography component="span" sx={{ ml: 1 }} data-testid="revealed-name">
              — {t('revealed', { name: revealed.studentName, username: revealed.username })}
            </Typography>
          )}
        </Typography>
        {!revealed && (
          <PendingButton size="small" onClick={() => reveal.mutate({ attemptId: item.attemptId })} isPending={reveal.isPending} title={t('revealNote')}>
            {t('reveal')}
          </PendingButton>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <span data-user-content="">{item.TaskName}</span>
        {item.className ? ` · ${item.className}` : ''}
        {item.submittedAt ? ` · ${t('submittedAt', { date: dateTime(item.submittedAt, i18n.language) })}` : ''}
      </Typography>
      {AnswerView && <AnswerView item={item} />}
      <Divider />
      {item.teacherMarks !== null && <Typography variant="body2">{t('previousMark', { marks: item.teacherMarks })}</Typography>}
      <TextField
        inputRef={markRef}
        label={t('mark', { max: item.marks })}
        value={mark}
        onChange={(event) => setMark(event.target.value)}
        required
        error={isTouched && parsed === null}
        helperText={isTouched && parsed === null ? t('markInvalid', { max: item.marks }) : t('markHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'mark-input' } }}
        sx={{ maxWidth: 240 }}
      />
      <TextField
        label={t('comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        helperText={t('commentHelp')}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <PendingButton variant="contained" onClick={() => save(true)} isPending={isSaving}>
          {t('saveNext')}
        </PendingButton>
        <PendingButton onClick={() => save(false)} isPending={isSaving}>
          {t('save')}
        </PendingButton>
        <Typography variant="caption" color="text.secondary">
          {t('shortcut')}
        </Typography>
      </Stack>
    </Stack>
  );
}

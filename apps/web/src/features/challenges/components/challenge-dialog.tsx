import { CHALLENGE_LIMITS, IMAGE_UPLOAD_MAX_BYTES } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { PendingButton } from '../../../components/pending-button';
import { describeError } from '../../../lib/error-message';
import { useAttachChallengeImage, useCreateChallenge, useThread } from '../api/challenges-api';
import type { QuestionRef } from './thread-dialog';

type ImageProblem = 'imageTypeInvalid' | 'imageTooLarge';

/** The picker's first gate: PNG, JPEG or WebP up to the image size. The server checks the bytes again. */
export function checkChallengeImage(file: { type: string; size: number }): ImageProblem | null {
  if (!(CHALLENGE_LIMITS.imageTypes as readonly string[]).includes(file.type)) return 'imageTypeInvalid';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'imageTooLarge';
  return null;
}

/** A picture picked for a challenge: the file when it passes the first gate, else why not. */
function useImagePick() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  // A new key empties the native input after a send.
  const [inputKey, setInputKey] = useState(0);
  return {
    file,
    problem,
    inputKey,
    pick: (picked: File | null) => {
      const found = picked ? checkChallengeImage(picked) : null;
      setProblem(found);
      setFile(found ? null : picked);
    },
    clear: () => {
      setFile(null);
      setProblem(null);
      setInputKey((key) => key + 1);
    },
  };
}

function ImageInput({ label, pick }: { label: string; pick: ReturnType<typeof useImagePick> }) {
  const { t } = useTranslation('challenges');
  const id = useId();
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <input
        key={pick.inputKey}
        id={id}
        type="file"
        accept={CHALLENGE_LIMITS.imageTypes.join(',')}
        aria-describedby={`${id}-help`}
        aria-invalid={pick.problem !== null}
        onChange={(e) => pick.pick(e.target.files?.[0] ?? null)}
      />
      <FormHelperText id={`${id}-help`} error={pick.problem !== null}>
        {pick.problem ? t(pick.problem) : t('imageHelp')}
      </FormHelperText>
    </Box>
  );
}

/** The student's challenge of a question's key: what they sent and what was decided, or the form to send one (with an optional picture). */
export function ChallengeDialog({ question, isOpen, onClose }: { question: QuestionRef; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('challenges');
  const thread = useThread({ taskId: question.taskId, questionTaskMapID: question.mapId }, isOpen);
  const create = useCreateChallenge();
  const attach = useAttachChallengeImage();
  const [reason, setReason] = useState('');
  const newImage = useImagePick();
  const laterImage = useImagePick();
  const mine = thread.data?.myChallenge ?? null;
  const failed = thread.error ? describeError(thread.error) : null;
  const sendImage = (challengeId: number, pick: ReturnType<typeof useImagePick>) => {
    if (!pick.file) return;
    attach.mutate({ challengeId, file: pick.file }, { onSuccess: () => pick.clear() });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (newImage.problem) return;
    attach.reset();
    create.mutate(
      { taskId: question.taskId, questionTaskMapID: question.mapId, reason },
      {
        onSuccess: ({ body }) => {
          setReason('');
          sendImage(body.id, newImage);
        },
      },
    );
  };
  const handleAttach = (event: FormEvent) => {
    event.preventDefault();
    if (mine) sendImage(mine.id, laterImage);
  };
  return (
    <WorkDialog isOpen={isOpen} isDirty={reason.trim() !== '' || newImage.file !== null} onClose={onClose} title={t('challengeTitle', { number: question.number })}>
      <DialogContent>
        {thread.isPending && <Typography>{t('loading')}</Typography>}
        {failed && <Alert severity="warning">{'key' in failed ? t(failed.key, { ns: 'messages' }) : failed.text}</Alert>}
        {attach.isError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="image-not-sent">
            {t('imageNotSent', { reason: attach.error.message })}
          </Alert>
        )}
        {mine && (
          <Alert severity={mine.status === 'open' ? 'info' : 'success'} sx={{ mb: 2 }} data-testid="my-challenge">
            <Typography variant="subtitle2" component="p">
              {t('yourChallenge')}: {t(`status.${mine.status}`)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content="">
              {mine.reason}
            </Typography>
            {mine.imageUrl && (
              <Box
                component="img"
                src={mine.imageUrl}
                alt={t('myImageAlt', { number: question.number })}
                sx={{ display: 'block', mt: 1, maxWidth: 200, maxHeight: 150, objectFit: 'contain', borderRadius: 1 }}
              />
            )}
            {mine.decisionNote && <Typography variant="body2" data-user-content="">{t('decisionNote', { note: mine.decisionNote })}</Typography>}
          </Alert>
        )}
        {mine?.status === 'open' && !thread.data?.canChallenge && (
          <Box component="form" onSubmit={handleAttach} sx={{ display: 'grid', gap: 1.5, mb: 1 }} noValidate>
            <ImageInput label={mine.imageUrl ? t('replaceImageLabel') : t('addImageLabel')} pick={laterImage} />
            <Box>
              <PendingButton type="submit" variant="outlined" isPending={attach.isPending}>
                {t('attachImage')}
              </PendingButton>
            </Box>
          </Box>
        )}
        {thread.data?.canChallenge && (
          <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 1.5, pt: 1 }} noValidate>
            <TextField
              label={t('reasonLabel')}
              helperText={t('reasonHelp')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <ImageInput label={t('imageLabel')} pick={newImage} />
            <Box>
              <PendingButton type="submit" variant="contained" isPending={create.isPending || attach.isPending}>
                {t('submitChallenge')}
              </PendingButton>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </WorkDialog>
  );
}

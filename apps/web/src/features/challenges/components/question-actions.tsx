import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ChallengeDialog } from './challenge-dialog';
import { ThreadDialog, type QuestionRef } from './thread-dialog';

/** "Challenge key" and "Discuss" under a question of a released feedback report. */
export function QuestionActions({ question }: { question: QuestionRef }) {
  const { t } = useTranslation('challenges');
  const [open, setOpen] = useState<'challenge' | 'discuss' | null>(null);
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<GavelOutlinedIcon />} aria-label={t('challengeKeyOf', { number: question.number })} onClick={() => setOpen('challenge')}>
        {t('challengeKey')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<ForumOutlinedIcon />} aria-label={t('discussOf', { number: question.number })} onClick={() => setOpen('discuss')}>
        {t('discuss')}
      </Button>
      {/* Mounted only while open: a report of 180 questions would otherwise build 360 closed dialogs. */}
      {open === 'challenge' && <ChallengeDialog question={question} isOpen onClose={() => setOpen(null)} />}
      {open === 'discuss' && <ThreadDialog question={question} isOpen onClose={() => setOpen(null)} />}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation';
import { FRAMES_SHOWN, useAttemptFrames, useFrameImage } from '../api/attempt-frames-api';

function Frame({ frameId, capturedAt }: { frameId: number; capturedAt: string }) {
  const { t } = useTranslation('proctoring');
  const image = useFrameImage(frameId);
  const time = new Date(capturedAt).toLocaleTimeString();
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {image.data ? (
        <Box component="img" src={image.data.dataURL} alt={t('frames.frameAlt', { time })} sx={{ width: '100%', borderRadius: 1 }} />
      ) : (
        <CircularProgress size={20} aria-label={time} />
      )}
      <Typography component="figcaption" variant="caption">
        {time}
      </Typography>
    </Box>
  );
}

/** Staff: the newest camera frames of an attempt and its tab-away count (the live room's camera view). */
export function AttemptFramesDialog({ attemptId, studentName, onClose }: { attemptId: string; studentName: string; onClose: () => void }) {
  const { t } = useTranslation('proctoring');
  const titleId = useId();
  const frames = useAttemptFrames(attemptId);
  const newest = [...(frames.data?.frames ?? [])].sort((a, b) => b.capturedAt.localeCompare(a.capturedAt)).slice(0, FRAMES_SHOWN);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('frames.title', { name: studentName })}</DialogTitle>
      <DialogContent>
        {frames.isError && <Alert severity="error">{t('frames.loadFailed')}</Alert>}
        {frames.data && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('frames.tabAways', { count: frames.data.tabChangeWarnings })}
          </Typography>
        )}
        {frames.data && newest.length === 0 && <Typography>{t('frames.none')}</Typography>}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2 }}>
          {newest.map((frame) => (
            <Frame key={frame.frameId} frameId={frame.frameId} capturedAt={frame.capturedAt} />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('frames.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

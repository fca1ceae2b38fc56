import { RESUME_TEST_DELAY_MS, SIDEBAR_WIDTH, type StudentTestWindow } from '@app/contracts';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatDateChip } from '../../../lib/date-time';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { formatDuration } from '../../../lib/format-duration';
import { RESUME_RELOAD_FLAG } from '../../../lib/reload-guard';
import type { ActiveTest } from '../api/navigation-api';
import { paths } from '../../../config/paths';

function ActiveTestCard({ activeTest, secondsLeft, onResume }: { activeTest: ActiveTest; secondsLeft: number; onResume: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [isResuming, setIsResuming] = useState(false);
  const { CourseID, TaskID, TaskName } = activeTest.details;
  // The notification names the test it resumes; without both ids there is nothing to open.
  const resumeHref =
    CourseID !== null && TaskID !== null ? paths.exam.player.getHref({ type: 'test', courseID: CourseID, taskID: TaskID }) : null;

  const handleResume = () => {
    if (!resumeHref) return;
    setIsResuming(true);
    sessionStorage.setItem(RESUME_RELOAD_FLAG, 'true');
    window.setTimeout(() => {
      onResume();
      navigate(resumeHref);
    }, RESUME_TEST_DELAY_MS);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {t('activeTestNotice')}
      </Typography>
      <Typography variant="h6" component="p" sx={{ my: 1 }}>
        {TaskName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('timeLeft')}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', mb: 2 }} role="timer" aria-live="off">
        {formatDuration(secondsLeft)}
      </Typography>
      <Button variant="contained" fullWidth onClick={handleResume} disabled={isResuming || !resumeHref}>
        {t('resumeTest')}
      </Button>
    </Paper>
  );
}

/** The right-hand panel: the active test with its countdown and "Resume Test". */
export function NotificationPanel({
  isOpen,
  onClose,
  activeTest,
  secondsLeft,
  upcomingTests = [],
}: {
  isOpen: boolean;
  onClose: () => void;
  activeTest: ActiveTest | null;
  /** Counted by the shell so that the end is noticed while the panel is closed too. */
  secondsLeft: number;
  /** Scheduled tests open now or opening within 24 hours. */
  upcomingTests?: StudentTestWindow[];
}) {
  const { t, i18n } = useTranslation('shell');
  return (
    <Drawer anchor="right" open={isOpen} onClose={onClose} slotProps={{ paper: { 'aria-label': t('notifications') } }}>
      <Box sx={{ width: SIDEBAR_WIDTH + 80, p: 2 }} role="region" aria-label={t('notifications')}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('notifications')}
        </Typography>
        {activeTest && <ActiveTestCard activeTest={activeTest} secondsLeft={secondsLeft} onResume={onClose} />}
        {upcomingTests.length > 0 && (
          <Box component="section" aria-labelledby="upcoming-tests" sx={{ mt: 2 }}>
            <Typography id="upcoming-tests" variant="subtitle2" component="h3" color="text.secondary">
              {t('upcomingTests')}
            </Typography>
            <List dense>
              {upcomingTests.map((test) => (
                <ListItem key={test.taskId} disableGutters>
                  <ListItemText
                    primary={test.taskName}
                    secondary={t('testWindow', { from: formatDateChip(test.opensAt, i18n.language), to: formatDateChip(test.lateStartUntil ?? test.closesAt, i18n.language) })}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
        {!activeTest && upcomingTests.length === 0 && <Typography color="text.secondary">{t('noNotifications')}</Typography>}
      </Box>
    </Drawer>
  );
}

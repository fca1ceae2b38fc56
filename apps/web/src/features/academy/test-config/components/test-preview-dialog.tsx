import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { RichContent } from '../../../../components/rich-text';
import { useTestPreview } from '../api/test-config-api';

/**
 * The test as a student is served it (the player's own view of a session, without keys), with a
 * sample draw for random sections. Nothing is saved and no attempt is started.
 */
export function TestPreviewDialog({ testId, name, onClose }: { testId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation('testConfig');
  const titleId = useId();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState(0);
  const { data, isLoading, error } = useTestPreview(testId, true);
  const section = data?.section[tab];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={isPhone}>
      <DialogTitle id={titleId}>{t('previewTitle', { name })}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('previewNote')}
        </Alert>
        {isLoading && <CircularProgress aria-label={t('previewTitle', { name })} />}
        {error && <Alert severity="error">{t('loadFailed')}</Alert>}
        {data && (
          <>
            <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="scrollable" aria-label={t('sectionsTitle')}>
              {data.section.map((s) => (
                <Tab key={s.sectionIndex} label={`${s.sectionName} (${s.totalQuestions})`} />
              ))}
            </Tabs>
            <Stack component="ol" spacing={2} sx={{ pl: 0, mt: 2, listStyle: 'none' }}>
              {section?.question.map((q, i) => (
                <Box component="li" key={`${q.questionTaskMapID}`} sx={{ borderBottom: 1, borderColor: 'divider', pb: 2 }}>
                  <Typography variant="subtitle2" component="h3">
                    {t('questionLabel', { n: i + 1 })} · {t('previewMarks', { marks: q.marks, negative: q.negativeMarks })}
                  </Typography>
                  {q.questionTitle && <RichContent html={q.questionTitle} />}
                  <RichContent html={q.questionData} />
                  {q.answer.length > 0 && (
                    <Box component="ol" type="A" sx={{ pl: 3 }}>
                      {q.answer.map((option) => (
                        <li key={option.answerID}>
                          <RichContent html={option.answerData} />
                        </li>
                      ))}
                    </Box>
                  )}
                </Box>
              ))}
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

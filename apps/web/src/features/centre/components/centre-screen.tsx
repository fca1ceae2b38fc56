import { ADMIN_ROLES, type CentreStatus, type LocalStagedExam } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../hooks/use-notify';
import { useSessionUser } from '../../../hooks/use-session-user';
import { useTeacherPermissions } from '../../../hooks/use-teacher-permissions';
import { dateTime } from '../../../lib/date-time';
import { useLocalPair, useLocalStage, useLocalStatus, useLocalUnlock } from '../api/centre-api';
import { centreErrorText } from '../model/centre-error';
import { PendingButton } from '../../../components/pending-button';

/** The central server's address, as configured: a machine address in either language. */
const CENTRAL_URL = { c: <code /> };

/** A date and time in the screen's language (Tamil on a 24-hour clock). */
const whenOf = (value: string, language: string) => dateTime(value, language);

/** The server's refusal of a call, in its own words (the envelope's message, in the screen's language). */
function CallError({ error }: { error: unknown }) {
  const { t } = useTranslation('messages');
  return <Alert severity="error">{centreErrorText(error, (key) => t(key))}</Alert>;
}

function PairForm({ status }: { status: CentreStatus }) {
  const { t } = useTranslation('centre');
  const user = useSessionUser();
  const pair = useLocalPair();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const { permittedTabs } = useTeacherPermissions();
  // Administrators, and staff given the Exam Centres tab (decision 080).
  const canPair = (ADMIN_ROLES as readonly string[]).includes(user?.role ?? '') || (permittedTabs ?? []).includes('Exam Centres');
  return (
    <Stack spacing={2} component="section" aria-labelledby="centre-pair-title">
      <Typography variant="h6" component="h2" id="centre-pair-title">
        {t('pairTitle')}
      </Typography>
      <Typography>{t('pairText')}</Typography>
      <Typography variant="body2">
        <Trans ns="centre" i18nKey="centralServer" values={{ url: status.centralUrl }} components={CENTRAL_URL} />
      </Typography>
      {canPair ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            pair.mutate({ code, name });
          }}
          sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            label={t('pairCode')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            helperText={t('pairCodeHelp')}
            required
            size="small"
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 64, style: { fontFamily: 'monospace' } } }}
          />
          <TextField label={t('pairName')} value={name} onChange={(event) => setName(event.target.value)} required size="small" slotProps={{ htmlInput: { maxLength: 80 } }} />
          <PendingButton type="submit" variant="contained" disabled={!code.trim() || !name.trim()} isPending={pair.isPending}>
            {pair.isPending ? t('pairing') : t('pair')}
          </PendingButton>
        </Box>
      ) : (
        <Alert severity="info">{t('onlyAdminPairs')}</Alert>
      )}
      {pair.isError && <CallError error={pair.error} />}
    </Stack>
  );
}

function ExamCard({ exam }: { exam: LocalStagedExam }) {
  const { t, i18n } = useTranslation('centre');
  const language = i18n.language;
  const notify = useNotify();
  const online = useLocalUnlock();
  const offline = useLocalUnlock();
  const [code, setCode] = useState('');
  const titleId = `centre-exam-${exam.scheduleId}`;
  const onUnlocked = () => notify.success(t('unlocked', { exam: exam.title }));
  const state = exam.isUnlocked
    ? t(exam.unlockMethod === 'code' ? 'unlockedCode' : 'unlockedCentral', { when: exam.unlockedAt ? whenOf(exam.unlockedAt, language) : '' })
    : t('locked');
  return (
    <Paper variant="outlined" component="article" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle1" component="h3" id={titleId} data-user-content sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
            {exam.title}
          </Typography>
          <Chip label={state} color={exam.isUnlocked ? 'success' : 'default'} variant={exam.isUnlocked ? 'filled' : 'outlined'} />
        </Stack>
        <Typography variant="body2">
          {[
            t('window', { opens: whenOf(exam.opensAt, language), closes: whenOf(exam.closesAt, language) }),
            exam.durationMinutes ? t('duration', { count: exam.durationMinutes }) : null,
            t('students', { count: exam.students }),
            t('examStaged', { when: whenOf(exam.stagedAt, language) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {exam.isUnlocked && (
          // Which clock governs the window (docs/centre.md §4): the central server's when its release carried its time.
          <Typography variant="body2" data-testid="centre-exam-clock">
            {t(exam.unlockMethod === 'code' ? 'clockCentre' : 'clockCentral')}
          </Typography>
        )}
        <Button component={Link} to={paths.staff.centreRoom.getHref(exam.scheduleId)} variant={exam.isUnlocked ? 'contained' : 'text'} sx={{ alignSelf: 'flex-start' }}>
          {t('openRoom')}
        </Button>
        {!exam.isUnlocked && (
          <Stack spacing={2}>
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2">{t('unlockOnlineHelp')}</Typography>
              <PendingButton variant="contained" isPending={online.isPending} onClick={() => online.mutate({ scheduleId: exam.scheduleId }, { onSuccess: onUnlocked })}>
                {online.isPending ? t('unlocking') : t('unlockOnline')}
              </PendingButton>
              {online.isError && <CallError error={online.error} />}
            </Stack>
            {exam.canUnlockByCode ? (
              <Box
                component="form"
                noValidate
                aria-label={t('unlockOffline')}
                onSubmit={(event) => {
                  event.preventDefault();
                  offline.mutate({ scheduleId: exam.scheduleId, code }, { onSuccess: onUnlocked });
                }}
              >
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('unlockOfflineHelp')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    label={t('unlockCode')}
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    required
                    size="small"
                    slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 64, style: { fontFamily: 'monospace' } } }}
                  />
                  <PendingButton type="submit" variant="outlined" disabled={!code.trim()} isPending={offline.isPending}>
                    {offline.isPending ? t('unlocking') : t('unlockWithCode')}
                  </PendingButton>
                </Stack>
                {offline.isError && (
                  <Box sx={{ mt: 1 }}>
                    <CallError error={offline.error} />
                  </Box>
                )}
              </Box>
            ) : (
              <Alert severity="info">{t('noCodeIssued')}</Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The exam centre's own screen (a server with SERVER_ROLE=centre; docs/centre.md), for its
 * administrator and invigilators: pairing with the central server, the staged exams with their
 * windows and lock state, "Stage now", and unlocking (from the central server from the start, or
 * offline with an invigilator code). Refusals show the server's message.
 */
export function CentreScreen() {
  const { t, i18n } = useTranslation('centre');
  const { t: tc } = useTranslation('common');
  const language = i18n.language;
  const notify = useNotify();
  const status = useLocalStatus();
  const stage = useLocalStage();

  if (status.isPending) return <CircularProgress aria-label={tc('loading')} sx={{ display: 'block', mx: 'auto' }} />;
  if (status.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void status.refetch()}>{tc('retry')}</Button>}>
        {t('loadFailed')}
      </Alert>
    );
  const data = status.data;
  if (!data.isPaired) return <PairForm status={data} />;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography>
          <Trans
            ns="centre"
            i18nKey="pairedAs"
            values={{ name: data.name ?? '', institute: data.instituteName ?? '', when: data.pairedAt ? whenOf(data.pairedAt, language) : '' }}
            components={{ u: <span data-user-content /> }}
          />
        </Typography>
        <Typography variant="body2">
        <Trans ns="centre" i18nKey="centralServer" values={{ url: data.centralUrl }} components={CENTRAL_URL} />
      </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2">{t('lastStaged', { when: data.lastStagedAt ? whenOf(data.lastStagedAt, language) : t('never') })}</Typography>
          <PendingButton variant="outlined" isPending={stage.isPending} onClick={() => stage.mutate(undefined, { onSuccess: () => notify.success(t('staged')) })} sx={{ alignSelf: 'flex-start' }}>
            {stage.isPending ? t('staging') : t('stageNow')}
          </PendingButton>
        </Stack>
        {stage.isError && <CallError error={stage.error} />}
      </Stack>
      <Stack spacing={2} component="section" aria-labelledby="centre-exams-title">
        <Typography variant="h6" component="h2" id="centre-exams-title">
          {t('examsTitle')}
        </Typography>
        {data.exams.length === 0 ? <Typography>{t('noExams')}</Typography> : data.exams.map((exam) => <ExamCard key={exam.scheduleId} exam={exam} />)}
      </Stack>
    </Stack>
  );
}

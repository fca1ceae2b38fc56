import type { AdaptiveSession } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { PendingButton } from '../../../components/pending-button';
import { SafeHtml } from '../../../components/safe-html';
import { paths } from '../../../config/paths';
import { useAdaptiveOverview, useAdaptiveSession, useAnswerAdaptive, useStartAdaptive } from '../api/adaptive-api';

/** The subjects to test and the student's own sessions. */
function AdaptiveStart() {
  const { t } = useTranslation('adaptive');
  const navigate = useNavigate();
  const overview = useAdaptiveOverview();
  const start = useStartAdaptive();
  const [choice, setChoice] = useState<number | null | undefined>(undefined);
  const begin = (subjectId: number | null) => {
    setChoice(subjectId);
    start.mutate(subjectId, { onSuccess: (session) => void navigate(paths.adaptive.getHref(session.sessionId)) });
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 840 }}>
      <Typography>{t('intro')}</Typography>
      {overview.isError && <Alert severity="error">{overview.error.message}</Alert>}
      {start.isError && <Alert severity="error">{start.error.message}</Alert>}
      {overview.data && (
        <Box component="section" aria-labelledby="adaptive-start-title">
          <Typography id="adaptive-start-title" variant="h6" component="h2" gutterBottom>
            {t('startTitle')}
          </Typography>
          {overview.data.items === 0 ? (
            <Typography>{t('noItems')}</Typography>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
              <PendingButton variant="contained" isPending={start.isPending && choice === null} disabled={start.isPending} onClick={() => begin(null)}>
                {t('wholeSyllabus', { count: overview.data.items })}
              </PendingButton>
              {overview.data.subjects.map((subject) => (
                <PendingButton key={subject.id} variant="outlined" isPending={start.isPending && choice === subject.id} disabled={start.isPending} onClick={() => begin(subject.id)}>
                  <span data-user-content>{subject.name}</span>{' '}{t('subjectItems', { count: subject.items })}
                </PendingButton>
              ))}
            </Stack>
          )}
        </Box>
      )}
      {overview.data && overview.data.sessions.length > 0 && (
        <Box component="section" aria-labelledby="adaptive-sessions-title">
          <Typography id="adaptive-sessions-title" variant="h6" component="h2" gutterBottom>
            {t('sessionsTitle')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {overview.data.sessions.map((s) => (
              <li key={s.sessionId}>
                <Link component={RouterLink} to={paths.adaptive.getHref(s.sessionId)}>
                  {s.subjectName ? <span data-user-content>{s.subjectName}</span> : t('wholeSyllabusName')}
                </Link>{' '}
                {s.status === 'finished' ? t('sessionFinished', { score: s.score ?? 0, count: s.answered }) : t('sessionActive', { count: s.answered })}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/** The question being asked: one choice, then Submit; the server scores it and picks the next. */
function AdaptiveQuestion({ session }: { session: AdaptiveSession }) {
  const { t, i18n } = useTranslation('adaptive');
  const answer = useAnswerAdaptive();
  const item = session.item!;
  const [choice, setChoice] = useState<string>('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setChoice('');
    if (session.answered > 0) headingRef.current?.focus();
  }, [item.questionVersionId, session.answered]);
  const text = item.texts.find((x) => x.language === i18n.language) ?? item.texts[0];
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    answer.mutate({ sessionId: session.sessionId, questionVersionId: item.questionVersionId, answerId: Number(choice) });
  };
  return (
    <Stack component="form" spacing={2} sx={{ maxWidth: 840 }} onSubmit={submit} noValidate>
      {session.usesPrior && <Alert severity="info">{t('usesPrior')}</Alert>}
      <div role="status" aria-live="polite">
        {session.lastCorrect !== null && <Typography color={session.lastCorrect ? 'success.main' : 'text.secondary'}>{session.lastCorrect ? t('lastRight') : t('lastWrong')}</Typography>}
      </div>
      <Typography ref={headingRef} tabIndex={-1} variant="h6" component="h2" sx={{ outline: 'none' }}>
        {t('questionOf', { n: item.position, max: session.maxItems })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('topicLabel')} <span data-user-content>{item.topicName}</span>
      </Typography>
      {text && <SafeHtml html={text.data} data-user-content sx={{ overflowWrap: 'anywhere' }} />}
      {text && (
        <FormControl>
          <FormLabel id="adaptive-options-label">{t('yourAnswer')}</FormLabel>
          <RadioGroup aria-labelledby="adaptive-options-label" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {text.options.map((option) => (
              <FormControlLabel key={option.answerID} value={String(option.answerID)} control={<Radio />} label={<SafeHtml html={option.answerData} component="span" data-user-content />} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {answer.isError && <Alert severity="error">{answer.error.message}</Alert>}
      <Box>
        <PendingButton type="submit" variant="contained" isPending={answer.isPending} disabled={!choice || answer.isPending}>
          {t('submit')}
        </PendingButton>
      </Box>
    </Stack>
  );
}

/** The predicted NEET score band and the topics that would raise it most. */
function AdaptiveResult({ session }: { session: AdaptiveSession }) {
  const { t } = useTranslation('adaptive');
  const result = session.result!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ maxWidth: 840 }}>
      <Typography ref={headingRef} tabIndex={-1} variant="h6" component="h2" sx={{ outline: 'none' }}>
        {t('resultTitle')}
      </Typography>
      <Typography variant="h4" component="p">
        {t('score', { score: result.score })}
      </Typography>
      <Typography>{t('band', { low: result.low, high: result.high, count: session.answered })}</Typography>
      {session.usesPrior && <Alert severity="info">{t('usesPrior')}</Alert>}
      {result.topics.length > 0 && (
        <Box component="section" aria-labelledby="adaptive-topics-title">
          <Typography id="adaptive-topics-title" variant="subtitle1" component="h3" gutterBottom>
            {t('topicsTitle')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {result.topics.map((topic) => (
              <li key={topic.topicId}>
                <span data-user-content>{topic.name}</span>: {t('topicGain', { marks: topic.marks })}
              </li>
            ))}
          </Box>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('bandNote')}
      </Typography>
      <Box>
        <Link component={RouterLink} to={paths.adaptive.getHref()}>
          {t('back')}
        </Link>
      </Box>
    </Stack>
  );
}

function AdaptiveSessionView({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation('adaptive');
  const session = useAdaptiveSession(sessionId);
  if (session.isError)
    return (
      <Stack spacing={2}>
        <Alert severity="error">{session.error.message}</Alert>
        <Link component={RouterLink} to={paths.adaptive.getHref()}>
          {t('back')}
        </Link>
      </Stack>
    );
  if (!session.data) return <Typography>{t('loading')}</Typography>;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="p">
        {session.data.subjectName ? <span data-user-content>{session.data.subjectName}</span> : t('wholeSyllabusName')}
      </Typography>
      {session.data.status === 'finished' ? <AdaptiveResult session={session.data} /> : <AdaptiveQuestion session={session.data} />}
    </Stack>
  );
}

/** Student at /adaptive: a "where am I" test per subject or for the whole syllabus (decision 060). */
export function AdaptiveScreen() {
  const { t } = useTranslation('adaptive');
  const [search] = useSearchParams();
  const raw = Number(search.get('sessionId'));
  const sessionId = Number.isInteger(raw) && raw > 0 ? raw : null;
  return <PageCard title={t('title')}>{sessionId === null ? <AdaptiveStart /> : <AdaptiveSessionView key={sessionId} sessionId={sessionId} />}</PageCard>;
}

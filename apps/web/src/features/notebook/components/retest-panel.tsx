import type { Retest, RetestStatus } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation, type TextsOf } from '../../../lib/translation';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { paths } from '../../../config/paths';
import { intlLocale } from '../../../lib/date-time';
import { useRetestStatus, useStartRetest } from '../api/notebook-api';

/** A calendar date (YYYY-MM-DD) as the language writes it, e.g. "7 Dec 2026". */
function formatDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Why Start is off, said beside it (null when it can be started or continued). */
export function retestBlockText(status: RetestStatus, t: TextsOf<'notebook'>, language: string): string | null {
  if (status.blockedBy === 'noDueCards') return t('retest.noDueCards');
  if (status.blockedBy === 'takenThisWeek') return t('retest.takenThisWeek', { date: formatDay(status.nextWeekStart, language) });
  return null;
}

function PastRetest({ retest }: { retest: Retest }) {
  const { t, i18n } = useTranslation('notebook');
  const week = formatDay(retest.weekStart, i18n.language);
  return (
    <li>
      <Typography variant="body2" component="span">
        {t('retest.weekOf', { date: week })}
        {retest.scored !== null && ` · ${t('retest.score', { scored: retest.scored, total: retest.total })}`}
      </Typography>
      {retest.status === 'submitted' && retest.attemptId && (
        <>
          {' · '}
          <Link component={RouterLink} to={paths.reports.report.getHref({ courseId: retest.courseId, taskId: retest.taskId, attemptId: retest.attemptId })}>
            {t('retest.openReport', { date: week })}
          </Link>
        </>
      )}
    </li>
  );
}

/**
 * "This week's re-test" on the notebook page: how many questions and minutes, Start (or Continue),
 * off with the reason when nothing is due or this week's is taken; past re-tests open their reports.
 */
export function RetestPanel() {
  const { t, i18n } = useTranslation('notebook');
  const navigate = useNavigate();
  const status = useRetestStatus();
  const start = useStartRetest();
  const data = status.data;
  const blocked = data ? retestBlockText(data, t, i18n.language) : null;
  const current = data?.current ?? null;
  const past = [...(current?.status === 'submitted' ? [current] : []), ...(data?.past ?? [])];

  const open = async () => {
    const retest = await start.mutateAsync().catch(() => null);
    if (retest) navigate(paths.academy.instruction.getHref({ type: 'test', courseID: retest.courseId, taskID: retest.taskId }));
  };

  return (
    <Box component="section" aria-labelledby="notebook-retest-title" sx={{ mb: 2 }}>
      <PageCard>
        <Typography id="notebook-retest-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('retest.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('retest.intro')}
        </Typography>
        {status.isError && <Alert severity="error">{t('retest.loadFailed')}</Alert>}
        {data && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            {data.questions > 0 && (
              <Typography variant="body1" data-testid="retest-size">
                {t('retest.size', { questions: data.questions, minutes: data.minutes })}
              </Typography>
            )}
            <Button
              variant="contained"
              onClick={open}
              disabled={blocked !== null || start.isPending}
              aria-describedby={blocked ? 'notebook-retest-blocked' : undefined}
            >
              {current && current.status !== 'submitted' ? t('retest.resume') : t('retest.start')}
            </Button>
            {blocked && (
              <Typography id="notebook-retest-blocked" variant="body2" color="text.secondary" role="status">
                {blocked}
              </Typography>
            )}
          </Box>
        )}
        {past.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {t('retest.past')}
            </Typography>
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {past.map((retest) => (
                <PastRetest key={retest.taskId} retest={retest} />
              ))}
            </Box>
          </Box>
        )}
      </PageCard>
    </Box>
  );
}

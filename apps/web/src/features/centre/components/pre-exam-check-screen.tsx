import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ScrollContainer } from '../../../components/data-table/scroll-container';
import { PendingButton } from '../../../components/pending-button';
import { askServerCheck } from '../api/centre-api';
import {
  browserFacts,
  overallLevel,
  runPreExamChecks,
  storageFacts,
  type CheckLevel,
  checkTextKey,
  type CheckResult,
  type ProbeDeps,
} from '../model/pre-exam-checks';

const CHIP_COLOR: Record<CheckLevel, 'success' | 'warning' | 'error'> = {
  pass: 'success',
  warn: 'warning',
  fail: 'error',
};
const ALERT_SEVERITY: Record<CheckLevel, 'success' | 'warning' | 'error'> = {
  pass: 'success',
  warn: 'warning',
  fail: 'error',
};

/** What the checks read in a real browser. */
const browserProbes: ProbeDeps = {
  askServer: askServerCheck,
  now: () => Date.now(),
  elapsed: () => performance.now(),
  browser: browserFacts,
  screen: () => ({ width: window.innerWidth, height: window.innerHeight }),
  storage: storageFacts,
};

/**
 * A lab machine's pre-exam check (public, before sign-in; docs/centre.md): the browser and its
 * version, the screen size, the clock against the server's, the storage the player keeps unsent
 * answers in, and the round trip to the server, each with pass, warning or fail in plain words.
 */
export function PreExamCheckScreen({ probes = browserProbes }: { probes?: ProbeDeps }) {
  const { t } = useTranslation('centre');
  const [results, setResults] = useState<CheckResult[] | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const live = useRef(true);

  const run = useCallback(async () => {
    setIsRunning(true);
    const next = await runPreExamChecks(probes);
    if (!live.current) return;
    setResults(next);
    setIsRunning(false);
  }, [probes]);

  useEffect(() => {
    live.current = true;
    void run();
    return () => {
      live.current = false;
    };
  }, [run]);

  const level = results ? overallLevel(results) : null;
  const textOf = (result: CheckResult) => {
    const values = { ...result.values };
    if (result.id === 'clock' && (values.direction === 'ahead' || values.direction === 'behind'))
      values.direction = t(`check.clockDirection.${values.direction}`);
    return t(checkTextKey(result), values);
  };

  return (
    <Stack spacing={3}>
      <Typography>{t('checkIntro')}</Typography>
      <div role="status" aria-live="polite">
        {level && !isRunning && <Alert severity={ALERT_SEVERITY[level]}>{t(`overall.${level}`)}</Alert>}
        {isRunning && <Typography>{t('checkRunning')}</Typography>}
      </div>
      {results && (
        <ScrollContainer label={t('checkTableLabel')}>
          <Table aria-label={t('checkTableLabel')} size="small">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('checkWhat')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('checkResult')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('checkDetail')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((result) => (
                <TableRow key={result.id} data-check={result.id} data-level={result.level}>
                  <TableCell component="th" scope="row">
                    {t(`checkName.${result.id}`)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={CHIP_COLOR[result.level]} label={t(`level.${result.level}`)} />
                  </TableCell>
                  <TableCell>{textOf(result)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollContainer>
      )}
      <PendingButton
        variant="contained"
        isPending={isRunning}
        onClick={() => void run()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isRunning ? t('checkRunning') : t('checkRun')}
      </PendingButton>
    </Stack>
  );
}

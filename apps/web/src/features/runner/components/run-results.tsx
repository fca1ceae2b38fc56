import type { RunCaseResult, RunResultDesc, RunStatusCode, RunType } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation';

export interface RunResultsProps {
  type: RunType;
  statusCode: RunStatusCode | string;
  result: RunResultDesc | null;
}

function verdictColor(code: string): 'success' | 'error' | 'warning' | 'default' {
  if (code === 'AC') return 'success';
  if (code === 'PE') return 'default';
  if (code === 'IE') return 'warning';
  return 'error';
}

/** An output box: a figure named by its visible caption, so that a screen reader reads which box it is. */
function Output({ label, text, emptyText }: { label: string; text: string | undefined; emptyText?: string }) {
  const captionId = useId();
  if (text === undefined) return null;
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
      <Typography id={captionId} variant="caption" component="figcaption" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', maxHeight: 200, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {text.length > 0 ? text : emptyText}
      </Box>
    </Box>
  );
}

function CaseResult({ result }: { result: RunCaseResult }) {
  const { t } = useTranslation('runner');
  const label = result.passed === null ? t('finished') : result.passed ? t('passed') : t('failed');
  return (
    <Box component="li" data-testid="run-case" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {t('testCase', { number: result.index + 1 })}
        </Typography>
        <Chip size="small" label={label} color={result.passed === false ? 'error' : result.passed ? 'success' : 'default'} />
        {result.verdict !== 'AC' && result.verdict !== 'WA' && <Chip size="small" variant="outlined" label={t(`verdicts.${result.verdict}`)} />}
        <Typography variant="body2" color="text.secondary">
          {t('time')}: {t('ms', { value: result.timeMs })} · {t('memory')}: {t('kb', { value: result.memoryKb })}
        </Typography>
      </Stack>
      <Output label={t('input')} text={result.input} emptyText={t('noOutput')} />
      <Output label={t('expectedOutput')} text={result.expectedOutput} emptyText={t('noOutput')} />
      <Output label={t('output')} text={result.stdout} emptyText={t('noOutput')} />
      {result.stderr ? <Output label={t('errorOutput')} text={result.stderr} /> : null}
    </Box>
  );
}

/** The outcome of a Run or Submit: the verdict, passed/total, compiler output and each case. */
export function RunResults({ type, statusCode, result }: RunResultsProps) {
  const { t } = useTranslation('runner');
  // A Run on custom input judges nothing: its cases carry no passed flag (contracts).
  const isCustomInput = type === 'run' && !!result && result.cases.length > 0 && result.cases.every((item) => item.passed === null);
  const title = type === 'submit' ? t('resultSubmit') : isCustomInput ? t('resultCustom') : t('resultRun');
  const verdict = result?.verdict ?? statusCode;
  // Nothing to compare a custom input's output against: a clean run is "Ran", never "Accepted".
  const verdictLabel = isCustomInput && verdict === 'AC' ? t('ran') : t(`verdicts.${verdict}`, { defaultValue: verdict });
  const chipColor = isCustomInput && verdict === 'AC' ? 'default' : verdictColor(verdict);
  return (
    <Box component="section" aria-label={t('results')} data-testid="run-results" sx={{ display: 'grid', gap: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        <Chip size="small" color={chipColor} label={verdictLabel} data-testid="run-verdict" />
        {result && !isCustomInput && (
          <Typography variant="body2" data-testid="run-passed">
            {t('passedOf', { passed: result.passed, total: result.total })}
          </Typography>
        )}
      </Stack>
      {result?.message && <Alert severity={verdict === 'IE' ? 'warning' : 'info'}>{result.message}</Alert>}
      {result?.compileOutput ? <Output label={t('compileOutput')} text={result.compileOutput} /> : null}
      {result && result.cases.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {result.cases.map((item) => (
            <CaseResult key={item.index} result={item} />
          ))}
        </Box>
      )}
    </Box>
  );
}

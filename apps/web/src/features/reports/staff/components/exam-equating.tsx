import type { EquatingShift, ExamEquating } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { useNotify } from '../../../../hooks/use-notify';
import { formatDateChip } from '../../../../lib/date-time';
import { downloadEquating, useExamEquating } from '../api/staff-reports-api';
import { Head, Scroll, Section } from './report-table-parts';

const show = (value: number | null) => (value === null ? '–' : String(value));

/**
 * Scores on one scale across shifts (decision 066): each first attempt's raw score, NTA's
 * per-shift percentile, ability with its SE, and the equated score with its rank, with a note on
 * what each means and how uncertain it is.
 */
export function ExamEquatingSection({ taskId }: { taskId: number }) {
  const { t, i18n } = useTranslation('staffReports');
  const query = useExamEquating(taskId);
  const notify = useNotify();
  const [isExporting, setIsExporting] = useState(false);
  const right = (label: string) => ({ label, align: 'right' as const });

  const shiftName = (shift: EquatingShift | undefined) => {
    if (!shift || shift.shiftId === null) return t('equating.unscheduled');
    const place = [shift.instituteName, shift.className, shift.sectionName].filter(Boolean).join(' · ');
    return shift.opensAt ? t('equating.shiftName', { place, date: formatDateChip(shift.opensAt, i18n.language) }) : place;
  };

  const handleExport = async (format: 'csv' | 'xlsx') => {
    setIsExporting(true);
    try {
      await downloadEquating(taskId, format);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setIsExporting(false);
    }
  };

  const body = (e: ExamEquating) => {
    const shifts = new Map(e.shifts.map((s) => [s.shiftId, s]));
    return (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="equating-export">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} variant="outlined" size="small" disabled={isExporting || e.rows.length === 0} onClick={() => void handleExport(format)}>
              {t(format === 'csv' ? 'equating.exportCsv' : 'equating.exportXlsx')}
            </Button>
          ))}
        </Stack>
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }} data-testid="equating-notes">
          {(['raw', 'percentile', 'ability', 'equated'] as const).map((key) => (
            <Box key={key}>
              <Typography component="dt" variant="body2">
                {t(`equating.note.${key}.term`)}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary">
                {t(`equating.note.${key}.text`)}
              </Typography>
            </Box>
          ))}
        </Box>
        {e.calibration ? (
          <Typography variant="body2" data-testid="equating-calibration">
            {t('equating.calibration', {
              scope: e.calibration.instituteName ?? t('equating.clientBank'),
              model: t(`equating.${({ '2pl': 'twoPl', rasch: 'rasch', '3pl': 'threePl' } as const)[e.calibration.model]}`),
              date: formatDateChip(e.calibration.calibratedAt, i18n.language),
            })}{' '}
            {t('equating.reference', { shift: shiftName(shifts.get(e.reference.shiftId)), items: e.reference.calibratedItems, max: e.reference.maxScore })}
          </Typography>
        ) : (
          <Alert severity="info" data-testid="equating-uncalibrated">
            {t('equating.noCalibration')}
          </Alert>
        )}
        <Scroll label={t('equating.shiftsRegion')} testId="equating-shifts">
          <Table size="small" aria-label={t('equating.shifts')}>
            <Head cells={[t('equating.shift'), right(t('equating.students')), right(t('equating.calibratedItems')), right(t('equating.excludedItems'))]} />
            <TableBody>
              {e.shifts.map((shift) => (
                <TableRow key={shift.shiftId ?? 'none'}>
                  <TableCell component="th" scope="row">
                    {shiftName(shift)}
                    {shift.shiftId === e.reference.shiftId && e.calibration ? ` (${t('equating.referenceMark')})` : ''}
                  </TableCell>
                  <TableCell align="right">{shift.attempts}</TableCell>
                  <TableCell align="right">{shift.calibratedItems}</TableCell>
                  <TableCell align="right">{shift.excludedItems}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
        <Scroll label={t('equating.rowsRegion')} testId="equating-rows">
          <Table size="small" aria-label={t('equating.rows')}>
            <Head
              cells={[
                right(t('equating.rank')),
                t('equating.student'),
                t('equating.shift'),
                right(t('equating.raw')),
                right(t('equating.percentile')),
                right(t('equating.ability')),
                right(t('equating.equated')),
                right(t('equating.excludedItems')),
              ]}
            />
            <TableBody>
              {e.rows.map((row) => (
                <TableRow key={row.attemptId} data-testid="equating-row">
                  <TableCell align="right">{show(row.equatedRank)}</TableCell>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {row.displayName}
                  </TableCell>
                  <TableCell>{shiftName(shifts.get(row.shiftId))}</TableCell>
                  <TableCell align="right">
                    {row.rawScore} / {row.total}
                  </TableCell>
                  <TableCell align="right">{row.shiftPercentile.toFixed(2)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.ability === null ? '–' : t('equating.withSe', { value: row.ability.toFixed(2), se: row.abilitySe!.toFixed(2) })}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.equatedScore === null
                      ? '–'
                      : row.equatedSpread === null
                        ? row.equatedScore.toFixed(1)
                        : t('equating.withSpread', { value: row.equatedScore.toFixed(1), spread: row.equatedSpread.toFixed(1) })}
                  </TableCell>
                  <TableCell align="right">{row.excludedItems}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      </Stack>
    );
  };

  return (
    <Section title={t('equating.title')} testId="stats-equating">
      {query.isPending && <LinearProgress aria-label={t('equating.title')} />}
      {query.isError && <Alert severity="error">{query.error instanceof Error && query.error.message ? query.error.message : t('equating.loadFailed')}</Alert>}
      {query.data && body(query.data)}
    </Section>
  );
}

import type { ExamStatistics } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INLINE_CONTENT, RichContent } from '../../../../components/rich-text/rich-content';
import { useNotify } from '../../../../hooks/use-notify';
import { downloadStatistics, useExamStatistics } from '../api/staff-reports-api';
import { ExamEquatingSection } from './exam-equating';
import { Head, Scroll, Section } from './report-table-parts';

/** A question's statement in its row: typeset, at most three lines. */
const STATEMENT_IN_ROW = { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', '& p': { m: 0 } } as const;

const show = (value: number | null | undefined, suffix = '') => (value === null || value === undefined ? '–' : `${value}${suffix}`);

/** The Exam Report's statistics of one test: distribution, sections, topics, items (with distractors) and the results sheet. */
export function ExamStatisticsScreen({ taskId, onBack }: { taskId: number; onBack: () => void }) {
  const { t } = useTranslation('staffReports');
  const notify = useNotify();
  const stats = useExamStatistics(taskId);
  const [openItem, setOpenItem] = useState<number | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const right = (label: string) => ({ label, align: 'right' as const });

  const handleExport = async (format: 'csv' | 'xlsx' | 'pdf') => {
    setIsExporting(true);
    try {
      await downloadStatistics(taskId, format);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setIsExporting(false);
    }
  };

  const body = (s: ExamStatistics) => {
    const figures: Array<[string, string]> = [
      [t('stats.students'), String(s.attempts)],
      [t('stats.total'), String(s.total)],
      [t('stats.mean'), show(s.scores.mean)],
      [t('stats.median'), show(s.scores.median)],
      [t('stats.sd'), show(s.scores.sd)],
      [t('stats.lowest'), show(s.scores.min)],
      [t('stats.highest'), show(s.scores.max)],
      [t('stats.skewness'), show(s.scores.skewness)],
      [t('stats.kurtosis'), show(s.scores.kurtosis)],
      [t('stats.cic'), show(s.consistency.cic, ' %')],
      [t('stats.errorRatio'), show(s.consistency.errorRatio, ' %')],
      [t('stats.standardError'), show(s.consistency.standardError)],
    ];
    const bins = s.histogram.map((b) => ({ name: t('stats.range', { from: b.from, to: b.to }), count: b.count }));
    return (
      <Stack spacing={2}>
        <Section title={t('stats.summary')} testId="stats-summary">
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, m: 0 }}>
            {figures.map(([label, value]) => (
              <Box key={label}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Section>
        <Section title={t('stats.distribution')} testId="stats-distribution">
          <Box sx={{ width: '100%', height: 240 }} role="img" aria-label={t('stats.distributionLabel')}>
            <ResponsiveContainer>
              <BarChart data={bins} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" tick={{ fontSize: 10 }} interval={0} angle={-30} textAnchor="end" height={60} />
                <YAxis allowDecimals={false} width={32} />
                <Tooltip />
                <Bar dataKey="count" name={t('stats.students')} fill="#1565c0" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          <Scroll label={t('stats.distributionLabel')}>
            <Table size="small" aria-label={t('stats.distributionLabel')}>
              <TableBody>
                <TableRow>
                  {bins.map((b) => (
                    <TableCell key={b.name} align="center" sx={{ whiteSpace: 'nowrap' }}>
                      <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                        {b.name}
                      </Typography>
                      {b.count}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
          </Scroll>
        </Section>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <Section title={t('stats.sections')} testId="stats-sections">
            <Scroll label={t('stats.sections')}>
              <Table size="small" aria-label={t('stats.sections')}>
                <Head cells={[t('stats.section'), right(t('stats.questions')), right(t('stats.meanScored')), right(t('stats.accuracy'))]} />
                <TableBody>
                  {s.sections.map((row) => (
                    <TableRow key={row.name}>
                      <TableCell component="th" scope="row">
                        {row.name}
                      </TableCell>
                      <TableCell align="right">{row.questions}</TableCell>
                      <TableCell align="right">
                        {row.meanScored} / {row.total}
                      </TableCell>
                      <TableCell align="right">{row.accuracy}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Scroll>
          </Section>
          <Section title={t('stats.topics')} testId="stats-topics">
            <Scroll label={t('stats.topics')}>
              <Table size="small" aria-label={t('stats.topics')}>
                <Head cells={[t('stats.topic'), t('stats.section'), right(t('stats.questions')), right(t('stats.meanScored')), right(t('stats.accuracy'))]} />
                <TableBody>
                  {s.topics.map((row) => (
                    <TableRow key={`${row.section}/${row.topic}`}>
                      <TableCell component="th" scope="row">
                        {row.topic}
                      </TableCell>
                      <TableCell>{row.section}</TableCell>
                      <TableCell align="right">{row.questions}</TableCell>
                      <TableCell align="right">
                        {row.meanScored} / {row.total}
                      </TableCell>
                      <TableCell align="right">{row.accuracy}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Scroll>
          </Section>
        </Box>
        <Section title={t('stats.items')} testId="stats-items">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('stats.itemsHelp')}
          </Typography>
          <Scroll label={t('stats.itemsRegion')} testId="stats-items-table">
            <Table size="small" aria-label={t('stats.items')}>
              <Head
                cells={[
                  t('stats.number'),
                  t('stats.question'),
                  t('stats.section'),
                  right(t('stats.facility')),
                  right(t('stats.itemSd')),
                  right(t('stats.discrimination')),
                  right(t('stats.efficiency')),
                  right(t('stats.weight')),
                  t('stats.flags'),
                ]}
              />
              <TableBody>
                {s.items.map((item) => (
                  <Fragment key={item.questionTaskMapID}>
                    <TableRow data-testid={`item-${item.number}`}>
                      <TableCell component="th" scope="row">
                        <Button
                          size="small"
                          onClick={() => setOpenItem(openItem === item.number ? null : item.number)}
                          aria-expanded={openItem === item.number}
                          aria-controls={`item-options-${item.number}`}
                          aria-label={t('stats.showOptions', { number: item.number })}
                          sx={{ minWidth: 0 }}
                        >
                          {item.number}
                        </Button>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 260 }}>{item.title || <RichContent html={item.text} sx={STATEMENT_IN_ROW} />}</TableCell>
                      <TableCell>{item.section}</TableCell>
                      <TableCell align="right">{show(item.facility)}</TableCell>
                      <TableCell align="right">{show(item.sd)}</TableCell>
                      <TableCell align="right">{show(item.discriminationIndex)}</TableCell>
                      <TableCell align="right">{show(item.discriminativeEfficiency)}</TableCell>
                      <TableCell align="right">{show(item.effectiveWeight)}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                          {item.flags.map((flag) => (
                            <Chip key={flag} size="small" color={flag === 'negativeDiscrimination' ? 'error' : 'warning'} variant="outlined" label={t(`stats.flag.${flag}`)} />
                          ))}
                        </Stack>
                      </TableCell>
                    </TableRow>
                    {openItem === item.number && (
                      <TableRow id={`item-options-${item.number}`}>
                        <TableCell colSpan={9}>
                          <Table size="small" aria-label={t('stats.distractors', { number: item.number })}>
                            <Head cells={[t('stats.option'), right(t('stats.chosen')), right(t('stats.topThird')), right(t('stats.bottomThird'))]} />
                            <TableBody>
                              {item.options.map((o) => (
                                <TableRow key={o.answerId} selected={o.isCorrect}>
                                  <TableCell component="th" scope="row">
                                    {o.answerId === 0 ? (
                                      t('stats.noOption')
                                    ) : (
                                      <>
                                        {o.answerId}. <RichContent html={o.label} component="span" sx={INLINE_CONTENT} />
                                      </>
                                    )}
                                    {o.isCorrect && <Chip size="small" color="success" label={t('stats.correct')} sx={{ ml: 1 }} />}
                                  </TableCell>
                                  <TableCell align="right">{o.chosen}</TableCell>
                                  <TableCell align="right">{o.top}</TableCell>
                                  <TableCell align="right">{o.bottom}</TableCell>
                                </TableRow>
                              ))}
                            </TableBody>
                          </Table>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        </Section>
        <Section title={t('stats.results')} testId="stats-results">
          <Scroll label={t('stats.resultsRegion')}>
            <Table size="small" aria-label={t('stats.results')}>
              <Head
                cells={[
                  right(t('stats.rank')),
                  t('stats.student'),
                  t('stats.username'),
                  right(t('stats.scored')),
                  right(t('stats.percentage')),
                  right(t('stats.right')),
                  right(t('stats.wrong')),
                  right(t('stats.skipped')),
                ]}
              />
              <TableBody>
                {s.students.map((row) => (
                  <TableRow key={row.userId}>
                    <TableCell align="right">{row.rank}</TableCell>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {row.displayName}
                    </TableCell>
                    <TableCell>{row.username}</TableCell>
                    <TableCell align="right">
                      {row.scored} / {row.total}
                    </TableCell>
                    <TableCell align="right">{row.percentage}</TableCell>
                    <TableCell align="right">{row.correct}</TableCell>
                    <TableCell align="right">{row.wrong}</TableCell>
                    <TableCell align="right">{row.skipped}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        </Section>
        <ExamEquatingSection taskId={taskId} />
      </Stack>
    );
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
        <Button onClick={onBack}>{t('stats.back')}</Button>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          {stats.data ? t('stats.title', { name: stats.data.TaskName }) : t('stats.view.statistics')}
        </Typography>
        {stats.data && (
          <Typography variant="body2" color="text.secondary">
            {t('stats.firstAttempts', { count: stats.data.attempts })}
          </Typography>
        )}
        {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
          <Button key={format} variant="outlined" size="small" disabled={!stats.data || isExporting} onClick={() => void handleExport(format)}>
            {t(`stats.export${format === 'csv' ? 'Csv' : format === 'xlsx' ? 'Xlsx' : 'Pdf'}`)}
          </Button>
        ))}
      </Stack>
      {stats.isPending && <LinearProgress aria-label={t('stats.summary')} />}
      {stats.isError && <Alert severity="error">{stats.error instanceof Error && stats.error.message ? stats.error.message : t('stats.loadFailed')}</Alert>}
      {stats.data && body(stats.data)}
    </Stack>
  );
}

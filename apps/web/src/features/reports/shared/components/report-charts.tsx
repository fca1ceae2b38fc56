import type { FeedbackReport } from '@app/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { blue, green, grey, orange, red } from '@mui/material/colors';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { WrappedTick } from './wrapped-tick';

const STATUS_COLORS = { correct: green[600], partial: orange[600], wrong: red[600], unanswered: grey[500], pending: blue[500] } as const;
const STATUSES = ['correct', 'partial', 'wrong', 'unanswered', 'pending'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (name: unknown): name is Status => (STATUSES as readonly unknown[]).includes(name);

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ width: '100%', height: 280 }}>{children}</Box>
    </Paper>
  );
}

const percentLabel = (value: unknown) => `${Number(value ?? 0)} %`;

/** Every chart of the feedback report; recharts is only loaded with this file (lazy). */
export function ReportCharts({ report }: { report: FeedbackReport }) {
  const { t } = useTranslation('reports');
  const statusName = (status: Status) => t(`status.${status}`);
  // The pie's tooltip and legend give back the slice's name, a status.
  const sliceName = (name: unknown) => (isStatus(name) ? statusName(name) : String(name));
  const pie = report.QuestionWiseAnalysisPie.filter((slice) => slice.value > 0);
  const perQuestion = report.QuestionWiseAnalysis.map((q) => ({ name: t('question', { number: q.questionNumber }), seconds: q.timeSpent, status: q.status }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      {report.ScoreVisible && (
        <ChartCard title={t('sectionWise')} testId="chart-section-wise">
          <ResponsiveContainer>
            <BarChart data={report.SectionWiseCourse}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="sectionName" interval={0} height={44} tick={<WrappedTick width={14} anchor="middle" />} />
              <YAxis />
              <Tooltip />
              <Legend />
              <Bar dataKey="scored" name={t('scored')} fill={green[600]} />
              <Bar dataKey="total" name={t('total')} fill={grey[400]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      )}
      <ChartCard title={t('questionWiseBar')} testId="chart-question-bar">
        <ResponsiveContainer>
          <BarChart data={report.QuestionWiseAnalysisBar}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="sectionName" interval={0} height={44} tick={<WrappedTick width={14} anchor="middle" />} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {STATUSES.map((status) => (
              <Bar key={status} dataKey={status} name={statusName(status)} stackId="status" fill={STATUS_COLORS[status]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t('questionWisePie')} testId="chart-question-pie">
        <ResponsiveContainer>
          <PieChart>
            {/* Counts go in the legend: labels outside the pie were cut off at the card's edge. */}
            <Pie data={pie} dataKey="value" nameKey="name" outerRadius="75%" label={false}>
              {pie.map((slice) => (
                <Cell key={slice.name} fill={STATUS_COLORS[slice.name]} />
              ))}
            </Pie>
            <Tooltip formatter={(value, name) => [value, sliceName(name)]} />
            <Legend formatter={(name, entry) => `${sliceName(name)}: ${(entry.payload as { value?: number } | undefined)?.value ?? 0}`} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t('topicsToImprove')} testId="chart-topics">
        {report.TopicsToImprove.length === 0 ? (
          <Typography color="text.secondary">{t('noTopicsToImprove')}</Typography>
        ) : (
          <ResponsiveContainer>
            <BarChart data={report.TopicsToImprove} layout="vertical" margin={{ right: 40 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" domain={[0, 100]} unit="%" />
              <YAxis type="category" dataKey="topic" width={130} interval={0} tick={<WrappedTick width={18} anchor="end" />} />
              <Tooltip />
              {/* A topic at 0 % still shows a sliver and its value. */}
              <Bar dataKey="accuracy" name={t('accuracy')} fill={orange[600]} minPointSize={3}>
                <LabelList dataKey="accuracy" position="right" formatter={percentLabel} fill={grey[800]} fontSize={12} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
      <ChartCard title={t('timePerQuestion')} testId="chart-time">
        <ResponsiveContainer>
          <BarChart data={perQuestion}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" interval="preserveStartEnd" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="seconds" name={t('timeSpent')}>
              {perQuestion.map((entry, index) => (
                <Cell key={index} fill={STATUS_COLORS[entry.status]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t('topicsWise')} testId="chart-topics-wise">
        <ResponsiveContainer>
          <BarChart data={report.TopicsWiseAnalysis} margin={{ top: 20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="topic" interval={0} height={44} tick={<WrappedTick width={14} anchor="middle" />} />
            <YAxis domain={[0, 100]} unit="%" />
            <Tooltip />
            <Bar dataKey="accuracy" name={t('accuracy')} fill={blue[600]} minPointSize={3}>
              <LabelList dataKey="accuracy" position="top" formatter={percentLabel} fill={grey[800]} fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </Box>
  );
}

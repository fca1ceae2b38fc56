import type { FeedbackReport } from '@app/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { blue, green, grey, orange, red } from '@mui/material/colors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const STATUS_COLORS = { correct: green[600], partial: orange[600], wrong: red[600], unanswered: grey[500], pending: blue[500] } as const;
const STATUSES = ['correct', 'partial', 'wrong', 'unanswered', 'pending'] as const;

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

/** Every chart of the feedback report; recharts is only loaded with this file (lazy). */
export function ReportCharts({ report }: { report: FeedbackReport }) {
  const { t } = useTranslation('reports');
  const statusName = (status: string) => t(`status.${status}`);
  const pie = report.QuestionWiseAnalysisPie.filter((slice) => slice.value > 0);
  const perQuestion = report.QuestionWiseAnalysis.map((q) => ({ name: t('question', { number: q.questionNumber }), seconds: q.timeSpent, status: q.status }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {report.ScoreVisible && (
        <ChartCard title={t('sectionWise')} testId="chart-section-wise">
          <ResponsiveContainer>
            <BarChart data={report.SectionWiseCourse}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="sectionName" />
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
            <XAxis dataKey="sectionName" />
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
            <Pie data={pie} dataKey="value" nameKey="name" outerRadius={100} label={({ name, value }) => `${statusName(String(name))}: ${value}`}>
              {pie.map((slice) => (
                <Cell key={slice.name} fill={STATUS_COLORS[slice.name]} />
              ))}
            </Pie>
            <Tooltip formatter={(value, name) => [value, statusName(String(name))]} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t('topicsToImprove')} testId="chart-topics">
        {report.TopicsToImprove.length === 0 ? (
          <Typography color="text.secondary">{t('noTopicsToImprove')}</Typography>
        ) : (
          <ResponsiveContainer>
            <BarChart data={report.TopicsToImprove} layout="vertical">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" domain={[0, 100]} unit="%" />
              <YAxis type="category" dataKey="topic" width={120} />
              <Tooltip />
              <Bar dataKey="accuracy" name={t('accuracy')} fill={orange[600]} />
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
          <BarChart data={report.TopicsWiseAnalysis}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="topic" />
            <YAxis domain={[0, 100]} unit="%" />
            <Tooltip />
            <Bar dataKey="accuracy" name={t('accuracy')} fill={blue[600]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </Box>
  );
}

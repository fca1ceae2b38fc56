import type { StudentDashboard } from '@app/contracts';
import Box from '@mui/material/Box';
import { blue, green, grey, orange } from '@mui/material/colors';
import { useTranslation } from '../../../../lib/translation';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { WrappedTick } from './wrapped-tick';

/** Score and percentile across tests; the table beside it carries the same figures for screen readers. */
export function TrendChart({ attempts }: { attempts: StudentDashboard['attempts'] }) {
  const { t } = useTranslation('reports');
  const data = attempts.map((a, index) => ({ name: `${index + 1}. ${a.taskName}`, score: a.percentage, percentile: a.percentile, accuracy: a.accuracy }));
  return (
    <Box sx={{ width: '100%', height: 260 }} aria-hidden="true">
      <ResponsiveContainer>
        <LineChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={false} />
          <YAxis domain={[0, 100]} />
          <Tooltip itemStyle={{ color: grey[900] }} />
          <Legend />
          <Line type="monotone" dataKey="score" name={t('dashboard.chartScore')} stroke={blue[600]} />
          <Line type="monotone" dataKey="percentile" name={t('dashboard.chartPercentile')} stroke={green[600]} />
          <Line type="monotone" dataKey="accuracy" name={t('dashboard.chartAccuracy')} stroke={orange[600]} />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Accuracy per subject or topic, as bars. */
export function AccuracyChart({ rows }: { rows: { name: string; accuracy: number }[] }) {
  const { t } = useTranslation('reports');
  return (
    <Box sx={{ width: '100%', height: Math.max(160, rows.length * 44) }} aria-hidden="true">
      <ResponsiveContainer>
        <BarChart data={rows} layout="vertical" margin={{ left: 16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 100]} />
          <YAxis type="category" dataKey="name" width={130} interval={0} tick={<WrappedTick width={18} anchor="end" />} />
          <Tooltip itemStyle={{ color: grey[900] }} />
          <Bar dataKey="accuracy" name={t('dashboard.chartAccuracy')} fill={grey[700]} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Study minutes and tests per day, as bars. */
export function ActivityChart({ rows }: { rows: { date: string; minutes: number; tests: number }[] }) {
  const { t } = useTranslation('reports');
  return (
    <Box sx={{ width: '100%', height: 240 }} aria-hidden="true">
      <ResponsiveContainer>
        <BarChart data={rows} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={false} />
          <YAxis allowDecimals={false} />
          <Tooltip itemStyle={{ color: grey[900] }} />
          <Legend />
          <Bar dataKey="minutes" name={t('parent.studyMinutes')} fill={blue[600]} />
          <Bar dataKey="tests" name={t('parent.testsTaken')} fill={orange[600]} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Study minutes (bars) and mean score % (line) by week; the tables beside it carry the same figures. */
export function EffortChart({ rows }: { rows: { week: string; minutes: number; mean: number | null }[] }) {
  const { t } = useTranslation('familyReports');
  return (
    <Box sx={{ width: '100%', height: 260 }} aria-hidden="true">
      <ResponsiveContainer>
        <ComposedChart data={rows} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="week" />
          <YAxis yAxisId="minutes" allowDecimals={false} />
          <YAxis yAxisId="score" orientation="right" domain={[0, 100]} />
          <Tooltip itemStyle={{ color: grey[900] }} />
          <Legend />
          <Bar yAxisId="minutes" dataKey="minutes" name={t('effort.studyMinutes')} fill={blue[600]} />
          <Line yAxisId="score" type="monotone" dataKey="mean" name={t('effort.mean')} stroke={orange[700]} connectNulls />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}

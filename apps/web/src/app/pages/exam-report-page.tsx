import BarChartIcon from '@mui/icons-material/BarChart';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../lib/translation';
import { useNavigate, useSearchParams } from 'react-router';
import { parseRouteId, paths } from '../../config/paths';
import { LiveRoomScreen } from '../../features/exam/components/live-room/live-room-screen';
import { SupervisedTests } from '../../features/exam/components/live-room/supervised-tests';
import { KeyChallengesScreen } from '../../features/challenges';
import { AttemptFramesDialog } from '../../features/proctoring/components/attempt-frames-dialog';
import { ExamStatisticsScreen } from '../../features/reports/staff/components/exam-statistics';
import { useViewFocus } from '../route-focus';

/**
 * Staff /examReport: the staff's tests, running ones first; `?test=<id>` opens a test's live room,
 * with proctoring's camera frames composed in, and `&view=statistics` its statistics (reports).
 */
export function ExamReportPage() {
  const { t } = useTranslation('staffReports');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const taskId = parseRouteId(search.get('test') ?? undefined);
  // Opening a test's room (not switching its tabs) puts focus on the room's heading.
  useViewFocus(String(taskId));
  if (taskId === null) {
    return (
      <SupervisedTests
        onOpen={(id) => void navigate(paths.staff.examReport.getHref(id))}
        // Statistics have their own entry: not only through a test's live room.
        moreActions={[{ id: 'statistics', label: t('stats.openStatistics'), icon: <BarChartIcon />, onClick: (row) => void navigate(paths.staff.examReport.getHref(row.taskId, 'statistics')) }]}
      />
    );
  }
  const requested = search.get('view');
  const view = requested === 'statistics' || requested === 'challenges' ? requested : 'live';
  const back = () => void navigate(paths.staff.examReport.getHref());
  return (
    <>
      <Tabs
        value={view}
        onChange={(_event, value: 'live' | 'statistics' | 'challenges') => void navigate(paths.staff.examReport.getHref(taskId, value === 'live' ? undefined : value))}
        aria-label={t('stats.viewLabel')}
        sx={{ mb: 2 }}
        variant="scrollable"
      >
        <Tab value="live" label={t('stats.view.live')} id="exam-report-tab-live" aria-controls="exam-report-panel" />
        <Tab value="statistics" label={t('stats.view.statistics')} id="exam-report-tab-statistics" aria-controls="exam-report-panel" />
        <Tab value="challenges" label={t('stats.view.challenges')} id="exam-report-tab-challenges" aria-controls="exam-report-panel" />
      </Tabs>
      <div role="tabpanel" id="exam-report-panel" aria-labelledby={`exam-report-tab-${view}`}>
        {view === 'statistics' ? (
          <ExamStatisticsScreen key={taskId} taskId={taskId} onBack={back} />
        ) : view === 'challenges' ? (
          <KeyChallengesScreen key={taskId} taskId={taskId} />
        ) : (
          <LiveRoomScreen key={taskId} taskId={taskId} onBack={back} renderCamera={(props) => <AttemptFramesDialog {...props} />} />
        )}
      </div>
    </>
  );
}

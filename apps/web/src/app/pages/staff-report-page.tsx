import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { PageCard } from '../../components/layout/page-card';
import { MarkingScreen } from '../../features/grading/components/marking-screen';
import { ReportMatrixScreen } from '../../features/reports/staff/components/report-matrix';

/**
 * The staff Reports page's tabs (spec 000 §2, /report?tab=…): Comprehensive, the menu's tab, is
 * the students × tests matrix; written answers are marked on their own tab.
 */
const TABS = ['Comprehensive', 'Marking'] as const;
type ReportTab = (typeof TABS)[number];

/** Staff /report: the class matrix and the marking queue. */
export function StaffReportPage() {
  const { t } = useTranslation('staffReports');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: ReportTab = TABS.find((name) => name === asked) ?? 'Comprehensive';
  return (
    <PageCard title={t('matrix.pageTitle')}>
      <Tabs value={tab} onChange={(_event, value: ReportTab) => setSearch({ tab: value })} aria-label={t('matrix.pageTitle')} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`matrix.tabs.${name}`)} id={`report-tab-${name}`} aria-controls={`report-panel-${name}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`report-panel-${tab}`} aria-labelledby={`report-tab-${tab}`}>
        {tab === 'Comprehensive' && <ReportMatrixScreen />}
        {tab === 'Marking' && <MarkingScreen />}
      </div>
    </PageCard>
  );
}

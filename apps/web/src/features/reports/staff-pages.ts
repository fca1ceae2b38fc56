import BarChart from '@mui/icons-material/BarChart';
import { paths } from '../../config/paths';
import type { StaffPage } from '../../config/staff-page';

/** The staff's report pages (docs/architecture.md, "Adding a staff page"). */
export const staffPages: StaffPage[] = [
  // Its title and menu item are shared with other screens (app/i18n/locales.ts, the shell's texts).
  {
    path: paths.staff.dashboard.path,
    load: () => import('./staff/components/staff-dashboard').then((m) => m.StaffDashboardScreen),
    namespaces: ['staffReports'],
  },
  {
    path: paths.staff.metabase.path,
    load: () => import('./family/components/bi-reports').then((m) => m.BiReports),
    namespaces: ['familyReports'],
    title: { key: 'biReports', texts: { en: 'BI Reports', tn: 'BI அறிக்கைகள்' } },
    nav: { title: 'biReports', texts: { en: 'BI Reports', tn: 'BI அறிக்கைகள்' }, icon: { name: 'bar_chart', svg: BarChart } },
  },
  // Students open their own at the same address (app/routes/exam-routes.tsx).
  {
    path: paths.reports.eisDashboard.path,
    load: () => import('./family/components/staff-eis').then((m) => m.StaffEisDashboard),
    namespaces: ['familyReports'],
  },
];

import Event from '@mui/icons-material/Event';
import LinkIcon from '@mui/icons-material/Link';
import Schedule from '@mui/icons-material/Schedule';
import { paths } from '../../config/paths';
import type { StaffPage } from '../../config/staff-page';

/** The text namespaces the schedules' staff pages use. */
const NAMESPACES = ['schedules', 'dataTable', 'form'];

/** The schedules' back-office pages (docs/architecture.md, "Adding a staff page"). */
export const staffPages: StaffPage[] = [
  {
    path: paths.staff.testSchedule.path,
    load: () => import('./components/test-schedule-screen').then((m) => m.TestScheduleScreen),
    namespaces: NAMESPACES,
    title: { key: 'testSchedule', texts: { en: 'Test Schedule', tn: 'தேர்வு அட்டவணை' } },
    nav: { title: 'testSchedule', texts: { en: 'Test Schedule', tn: 'தேர்வு அட்டவணை' }, icon: { name: 'event', svg: Event } },
  },
  {
    path: paths.staff.courseMapping.path,
    load: () => import('./components/course-mapping-screen').then((m) => m.CourseMappingScreen),
    namespaces: NAMESPACES,
    title: { key: 'courseMapping', texts: { en: 'Course Mapping', tn: 'பாட இணைப்பு' } },
    nav: { title: 'courseMapping', texts: { en: 'Course Mapping', tn: 'பாட இணைப்பு' }, icon: { name: 'link', svg: LinkIcon } },
  },
  // Students open it too (its title is shared: app/i18n/locales.ts).
  {
    path: paths.courseSchedule.path,
    load: () => import('./components/course-schedule-screen').then((m) => m.CourseScheduleScreen),
    namespaces: NAMESPACES,
    nav: { title: 'courseSchedule', texts: { en: 'Course Schedule', tn: 'பாட அட்டவணை' }, icon: { name: 'schedule', svg: Schedule } },
  },
];

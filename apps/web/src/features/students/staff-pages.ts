import LockReset from '@mui/icons-material/LockReset';
import People from '@mui/icons-material/People';
import { paths } from '../../config/paths';
import type { StaffPage } from '../../config/staff-page';

/** Student Configuration's back-office pages (docs/architecture.md, "Adding a staff page"). */
export const staffPages: StaffPage[] = [
  {
    path: paths.staff.studentConfig.path,
    load: () => import('./components/student-config-screen').then((m) => m.StudentConfigScreen),
    namespaces: ['students', 'dataTable'],
    title: { key: 'studentConfig', texts: { en: 'Student Configuration', tn: 'மாணவர் அமைப்பு' } },
    nav: { title: 'studentConfiguration', texts: { en: 'Student Configuration', tn: 'மாணவர் அமைப்பு' }, icon: { name: 'people', svg: People } },
  },
  {
    path: paths.staff.resetStudentPassword.path,
    load: () => import('./components/reset-password-screen').then((m) => m.ResetStudentPasswordScreen),
    namespaces: ['students'],
    title: { key: 'resetStudentPassword', texts: { en: 'Reset Student Password', tn: 'மாணவர் கடவுச்சொல்லை மீட்டமை' } },
    nav: { title: 'resetStudentPassword', texts: { en: 'Reset Student Password', tn: 'மாணவர் கடவுச்சொல் மீட்டமைப்பு' }, icon: { name: 'lock_reset', svg: LockReset } },
  },
];

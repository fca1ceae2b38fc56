import Tune from '@mui/icons-material/Tune';
import { paths } from '../../config/paths';
import type { StaffPage } from '../../config/staff-page';

/** Item calibration (docs/architecture.md, "Adding a staff page"). */
export const staffPages: StaffPage[] = [
  // Administrators only: its path is marked so in config/paths.ts.
  {
    path: paths.staff.itemCalibration.path,
    load: () => import('./components/item-calibration-screen').then((m) => m.ItemCalibrationScreen),
    namespaces: ['psychometrics', 'dataTable'],
    title: { key: 'itemCalibration', texts: { en: 'Item Calibration', tn: 'வினா அளவுத்திருத்தம்' } },
    nav: { title: 'itemCalibration', texts: { en: 'Item Calibration', tn: 'வினா அளவுத்திருத்தம்' }, icon: { name: 'tune', svg: Tune } },
  },
];

import History from '@mui/icons-material/History';
import { paths } from '../../config/paths';
import type { StaffPage } from '../../config/staff-page';

export const staffPages: StaffPage[] = [
  {
    path: paths.staff.scratchBoard.path,
    load: () => import('./components/scratch-board-screen').then((m) => m.ScratchBoardScreen),
    namespaces: ['scratchBoard', 'staffMessages'],
    title: { key: 'scratchBoard', texts: { en: 'Scratch board', tn: 'வரைவுப் பலகை' } },
    nav: { title: 'scratchBoard', texts: { en: 'Scratch Board', tn: 'வரைவுப் பலகை' }, icon: { name: 'history', svg: History } },
  },
];

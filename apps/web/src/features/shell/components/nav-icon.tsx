import Assessment from '@mui/icons-material/Assessment';
import Bookmark from '@mui/icons-material/Bookmark';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Checklist from '@mui/icons-material/Checklist';
import ContactSupport from '@mui/icons-material/ContactSupport';
import Dashboard from '@mui/icons-material/Dashboard';
import Help from '@mui/icons-material/Help';
import Home from '@mui/icons-material/Home';
import Insights from '@mui/icons-material/Insights';
import MenuBook from '@mui/icons-material/MenuBook';
import Note from '@mui/icons-material/StickyNote2';
import Person from '@mui/icons-material/Person';
import School from '@mui/icons-material/School';
import Summarize from '@mui/icons-material/Summarize';
import Timeline from '@mui/icons-material/Timeline';
import Upload from '@mui/icons-material/Upload';
import TrackChanges from '@mui/icons-material/TrackChanges';

/** The navigation tables name icons; this maps each name to its MUI icon. Staff pages bring their own (app/staff-pages.ts). */
export const SHELL_NAV_ICONS: Readonly<Record<string, typeof Person>> = {
  person: Person,
  school: School,
  insights: Insights,
  checklist: Checklist,
  note: Note,
  bookmark: Bookmark,
  menu_book: MenuBook,
  track_changes: TrackChanges,
  calendar: CalendarMonth,
  upload: Upload,
  dashboard: Dashboard,
  assessment: Assessment,
  contact_support: ContactSupport,
  help: Help,
  home: Home,
  timeline: Timeline,
  summarize: Summarize,
};

export function NavIcon({ name, icons }: { name: string; icons?: Readonly<Record<string, typeof Person>> }) {
  const Icon = SHELL_NAV_ICONS[name] ?? icons?.[name] ?? Dashboard;
  return <Icon fontSize="small" />;
}

import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import BarChart from '@mui/icons-material/BarChart';
import Bookmark from '@mui/icons-material/Bookmark';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Checklist from '@mui/icons-material/Checklist';
import CloudUpload from '@mui/icons-material/CloudUpload';
import ContactSupport from '@mui/icons-material/ContactSupport';
import Dashboard from '@mui/icons-material/Dashboard';
import Event from '@mui/icons-material/Event';
import Help from '@mui/icons-material/Help';
import Home from '@mui/icons-material/Home';
import Hub from '@mui/icons-material/Hub';
import Insights from '@mui/icons-material/Insights';
import Lan from '@mui/icons-material/Lan';
import LinkIcon from '@mui/icons-material/Link';
import LockReset from '@mui/icons-material/LockReset';
import MenuBook from '@mui/icons-material/MenuBook';
import Note from '@mui/icons-material/StickyNote2';
import People from '@mui/icons-material/People';
import Quiz from '@mui/icons-material/Quiz';
import Person from '@mui/icons-material/Person';
import Schedule from '@mui/icons-material/Schedule';
import School from '@mui/icons-material/School';
import Settings from '@mui/icons-material/Settings';
import Summarize from '@mui/icons-material/Summarize';
import Timeline from '@mui/icons-material/Timeline';
import Tune from '@mui/icons-material/Tune';
import Upload from '@mui/icons-material/Upload';
import TrackChanges from '@mui/icons-material/TrackChanges';
import UploadFile from '@mui/icons-material/UploadFile';

/** The navigation tables name icons; this maps each name to its MUI icon. */
const ICONS: Record<string, typeof Person> = {
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
  bar_chart: BarChart,
  assessment: Assessment,
  settings: Settings,
  people: People,
  event: Event,
  link: LinkIcon,
  upload_file: UploadFile,
  cloud_upload: CloudUpload,
  lock_reset: LockReset,
  contact_support: ContactSupport,
  admin_panel_settings: AdminPanelSettings,
  schedule: Schedule,
  help: Help,
  quiz: Quiz,
  home: Home,
  timeline: Timeline,
  summarize: Summarize,
  hub: Hub,
  lan: Lan,
  tune: Tune,
};

export function NavIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Dashboard;
  return <Icon fontSize="small" />;
}

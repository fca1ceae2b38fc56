import { TODO_DUE_FILTERS, TODO_FOLDERS, type Label, type TodoDueFilter, type TodoFolder } from '@app/contracts';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventIcon from '@mui/icons-material/Event';
import InboxIcon from '@mui/icons-material/Inbox';
import LabelImportantOutlineIcon from '@mui/icons-material/LabelImportantOutline';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import TodayIcon from '@mui/icons-material/Today';
import UpdateIcon from '@mui/icons-material/Update';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TodoView } from '../model/todo-view';

const FOLDER_ICONS: Record<TodoFolder, ReactElement> = {
  all: <InboxIcon />,
  starred: <StarBorderIcon />,
  important: <LabelImportantOutlineIcon />,
  today: <TodayIcon />,
  completed: <CheckCircleOutlineIcon />,
  deleted: <DeleteOutlineIcon />,
};
const FILTER_ICONS: Record<TodoDueFilter, ReactElement> = {
  overdue: <WarningAmberIcon />,
  today: <EventIcon />,
  week: <UpdateIcon />,
  none: <EventBusyIcon />,
};

/** The to-do app's left pane: folders, due-date filters and labels. */
export function TodoSidebar({
  view,
  labels,
  onEditLabels,
}: {
  view: TodoView;
  labels: Label[];
  onEditLabels: () => void;
}) {
  const { t } = useTranslation('todo');
  return (
    <List component="nav" aria-label={t('title')} dense>
      <ListSubheader disableSticky>{t('folders')}</ListSubheader>
      {TODO_FOLDERS.map((folder) => (
        <ListItemButton
          key={folder}
          component={Link}
          to={`/todo/${folder}`}
          selected={view.kind === 'folder' && view.folder === folder}
        >
          <ListItemIcon>{FOLDER_ICONS[folder]}</ListItemIcon>
          <ListItemText primary={t(`folder.${folder}`)} />
        </ListItemButton>
      ))}
      <ListSubheader disableSticky>{t('filters')}</ListSubheader>
      {TODO_DUE_FILTERS.map((due) => (
        <ListItemButton
          key={due}
          component={Link}
          to={`/todo/filter/${due}`}
          selected={view.kind === 'filter' && view.due === due}
        >
          <ListItemIcon>{FILTER_ICONS[due]}</ListItemIcon>
          <ListItemText primary={t(`filter.${due}`)} />
        </ListItemButton>
      ))}
      <ListSubheader disableSticky>{t('labelsNav')}</ListSubheader>
      {labels.map((label) => (
        <ListItemButton
          key={label.id}
          component={Link}
          to={`/todo/label/${label.handle}`}
          selected={view.kind === 'label' && view.labelHandle === label.handle}
        >
          <ListItemIcon>
            <LabelOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={label.name} />
        </ListItemButton>
      ))}
      <ListItemButton onClick={onEditLabels}>
        <ListItemIcon>
          <EditOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('editLabels')} />
      </ListItemButton>
    </List>
  );
}

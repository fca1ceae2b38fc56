import { TODO_DUE_FILTERS, TODO_FOLDERS, type Label, type TodoDueFilter, type TodoFolder } from '@app/contracts';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventIcon from '@mui/icons-material/Event';
import InboxIcon from '@mui/icons-material/Inbox';
import LabelImportantOutlineIcon from '@mui/icons-material/LabelImportantOutline';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import TodayIcon from '@mui/icons-material/Today';
import UpdateIcon from '@mui/icons-material/Update';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactElement } from 'react';
import { useTranslation } from '../../../lib/translation';
import { LabelNavSection } from '../../../components/workspace/label-nav-section';
import { SidebarNavItem } from '../../../components/workspace/sidebar-nav-item';
import type { TodoView } from '../model/todo-view';
import { paths } from '../../../config/paths';

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
      <ListSubheader component="h2" disableSticky>{t('folders')}</ListSubheader>
      {TODO_FOLDERS.map((folder) => (
        <SidebarNavItem
          key={folder}
          icon={FOLDER_ICONS[folder]}
          text={t(`folder.${folder}`)}
          to={paths.workspace.todoFolder.getHref({ folderHandle: folder })}
          isSelected={view.kind === 'folder' && view.folder === folder}
        />
      ))}
      <ListSubheader component="h2" disableSticky>{t('filters')}</ListSubheader>
      {TODO_DUE_FILTERS.map((due) => (
        <SidebarNavItem
          key={due}
          icon={FILTER_ICONS[due]}
          text={t(`filter.${due}`)}
          to={paths.workspace.todoFilter.getHref({ filterHandle: due })}
          isSelected={view.kind === 'filter' && view.due === due}
        />
      ))}
      <LabelNavSection
        heading={t('labelsNav')}
        labels={labels}
        hrefOf={(label) => paths.workspace.todoLabel.getHref({ labelHandle: label.handle })}
        isSelected={(label) => view.kind === 'label' && view.labelHandle === label.handle}
        editText={t('editLabels')}
        onEditLabels={onEditLabels}
      />
    </List>
  );
}

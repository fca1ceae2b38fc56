import type { Label } from '@app/contracts';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import List from '@mui/material/List';
import type { ReactNode } from 'react';
import { LabelNavSection } from './label-nav-section';
import { SidebarNavItem } from './sidebar-nav-item';

/** The open view of a screen with all items, label views and an archive (notes, bookmarks). */
export type ArchiveLabelView = { kind: 'all' } | { kind: 'archive' } | { kind: 'label'; labelId: number };

/**
 * Keep's left column for one kind of item: all items, the labels, "Edit labels" and the archive.
 * Each label links to `labelHref(label)` (a paths-table entry).
 */
export function ArchiveLabelSidebar({
  view,
  labels,
  onEditLabels,
  homeIcon,
  homePath,
  archivePath,
  labelHref,
  texts,
}: {
  view: ArchiveLabelView;
  labels: Label[];
  onEditLabels: () => void;
  homeIcon: ReactNode;
  homePath: string;
  archivePath: string;
  labelHref: (label: Label) => string;
  texts: { title: string; home: string; labels: string; editLabels: string; archive: string };
}) {
  return (
    <List component="nav" aria-label={texts.title} dense>
      <SidebarNavItem icon={homeIcon} text={texts.home} to={homePath} isSelected={view.kind === 'all'} />
      <LabelNavSection
        heading={texts.labels}
        labels={labels}
        hrefOf={labelHref}
        isSelected={(label) => view.kind === 'label' && view.labelId === label.id}
        editText={texts.editLabels}
        onEditLabels={onEditLabels}
      />
      <SidebarNavItem
        icon={<ArchiveOutlinedIcon />}
        text={texts.archive}
        to={archivePath}
        isSelected={view.kind === 'archive'}
      />
    </List>
  );
}

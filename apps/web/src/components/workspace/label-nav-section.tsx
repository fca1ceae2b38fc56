import type { Label } from '@app/contracts';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import ListSubheader from '@mui/material/ListSubheader';
import { SidebarNavItem } from './sidebar-nav-item';

/**
 * The labels part of a workspace sidebar: a heading, one link per label and "Edit labels".
 * Each feature says where a label leads and when it is the open view.
 */
export function LabelNavSection({
  heading,
  labels,
  hrefOf,
  isSelected,
  editText,
  onEditLabels,
}: {
  heading: string;
  labels: Label[];
  hrefOf: (label: Label) => string;
  isSelected: (label: Label) => boolean;
  editText: string;
  onEditLabels: () => void;
}) {
  return (
    <>
      <ListSubheader component="h2" disableSticky>{heading}</ListSubheader>
      {labels.map((label) => (
        <SidebarNavItem
          key={label.id}
          icon={<LabelOutlinedIcon />}
          text={label.name}
          to={hrefOf(label)}
          isSelected={isSelected(label)}
        />
      ))}
      <SidebarNavItem icon={<EditOutlinedIcon />} text={editText} onClick={onEditLabels} />
    </>
  );
}

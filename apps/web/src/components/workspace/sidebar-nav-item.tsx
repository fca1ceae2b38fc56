import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One entry of a workspace sidebar: a route link when `to` is given, otherwise a button. */
export function SidebarNavItem({
  icon,
  text,
  to,
  isSelected = false,
  onClick,
}: {
  icon: ReactNode;
  text: string;
  to?: string;
  isSelected?: boolean;
  onClick?: () => void;
}) {
  const content = (
    <>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={text} />
    </>
  );
  return to !== undefined ? (
    <ListItemButton component={Link} to={to} selected={isSelected}>
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton onClick={onClick}>{content}</ListItemButton>
  );
}

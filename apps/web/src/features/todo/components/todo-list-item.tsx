import type { Todo, UpdateTodoBody } from '@app/contracts';
import LabelImportantIcon from '@mui/icons-material/LabelImportant';
import LabelImportantOutlineIcon from '@mui/icons-material/LabelImportantOutline';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { DueChip } from './due-chip';

/** One row of the list: complete, title and due date, star and important. */
export function TodoListItem({
  todo,
  to,
  isSelected,
  today,
  onChange,
}: {
  todo: Todo;
  to: string;
  isSelected: boolean;
  today: string;
  onChange: (change: Omit<UpdateTodoBody, 'id'>) => void;
}) {
  const { t } = useTranslation('todo');
  const isTrashed = todo.deleted;
  return (
    <ListItem
      disablePadding
      data-testid="todo-item"
      aria-label={todo.title}
      secondaryAction={
        !isTrashed && (
          <Stack direction="row">
            <IconButton
              size="small"
              aria-label={todo.important ? t('notImportant') : t('important')}
              onClick={() => onChange({ important: !todo.important })}
            >
              {todo.important ? (
                <LabelImportantIcon fontSize="small" color="warning" />
              ) : (
                <LabelImportantOutlineIcon fontSize="small" />
              )}
            </IconButton>
            <IconButton
              size="small"
              aria-label={todo.starred ? t('unstar') : t('star')}
              onClick={() => onChange({ starred: !todo.starred })}
            >
              {todo.starred ? (
                <StarIcon fontSize="small" sx={{ color: '#f59e0b' }} />
              ) : (
                <StarBorderIcon fontSize="small" />
              )}
            </IconButton>
          </Stack>
        )
      }
      sx={{ borderBottom: 1, borderColor: 'divider', pr: 10 }}
    >
      <Checkbox
        edge="start"
        sx={{ ml: 1 }}
        checked={todo.completed}
        disabled={isTrashed}
        onChange={(event) => onChange({ completed: event.target.checked })}
        slotProps={{
          input: {
            'aria-label': todo.completed ? `${t('incomplete')}: ${todo.title}` : `${t('complete')}: ${todo.title}`,
          },
        }}
      />
      <ListItemButton component={Link} to={to} selected={isSelected} sx={{ pl: 1 }}>
        <ListItemText
          primary={todo.title}
          secondary={todo.dueDate ? <DueChip dueDate={todo.dueDate} today={today} /> : todo.notes || undefined}
          slotProps={{
            primary: {
              sx: {
                textDecoration: todo.completed ? 'line-through' : 'none',
                color: todo.completed ? 'text.secondary' : 'text.primary',
              },
            },
            // A due chip wraps to its full size; only plain notes are cut to one line.
            secondary: { component: 'div', noWrap: !todo.dueDate },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}

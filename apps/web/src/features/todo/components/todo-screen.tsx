import type { Todo } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { labelActionsOf } from '../../../components/workspace/label-actions';
import { LabelManagerDialog } from '../../../components/workspace/label-manager-dialog';
import { ListStatus } from '../../../components/workspace/list-status';
import { toDateValue } from '../../../lib/date-time';
import { useCreateTodo, useCreateTodoLabel, useDeleteTodo, useDeleteTodoLabel, useEditTodoLabel, useRestoreTodo, useTodoLabels, useTodos, useUpdateTodo } from '../api/todo-api';
import { canQuickAdd, quickAddDefaults, resolveTodoView, todoListParams, todoViewPath } from '../model/todo-view';
import { TodoDetail } from './todo-detail';
import { TodoListItem } from './todo-list-item';
import { TodoQuickAdd } from './todo-quick-add';
import { TodoSidebar } from './todo-sidebar';
import { paths } from '../../../config/paths';

/** The three-pane to-do app: folders, filters and labels; the list with quick add; the detail pane. */
export function TodoScreen() {
  const { t } = useTranslation('todo');
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isWide = useMediaQuery('(min-width:1100px)');
  const view = resolveTodoView(pathname, params);
  const labels = useTodoLabels();
  const labelList = labels.data ?? [];
  const label = view?.kind === 'label' ? labelList.find((item) => item.handle === view.labelHandle) : undefined;
  const listParams = view ? todoListParams(view, label) : null;
  const todos = useTodos(listParams ?? { folder: 'all' }, Boolean(listParams));
  const createTodo = useCreateTodo();
  const updateTodo = useUpdateTodo({ isQuiet: true });
  const saveTodo = useUpdateTodo();
  const deleteTodo = useDeleteTodo();
  const restoreTodo = useRestoreTodo();
  const createLabel = useCreateTodoLabel();
  const renameLabel = useEditTodoLabel();
  const deleteLabel = useDeleteTodoLabel();
  const [isLabelsOpen, setIsLabelsOpen] = useState(false);
  const today = toDateValue(new Date());

  if (!view) return <Navigate to={paths.workspace.todoFolder.getHref({ folderHandle: 'all' })} replace />;
  const basePath = todoViewPath(view);
  const items: Todo[] = listParams ? (todos.data ?? []) : [];
  const selected = view.todoId ? items.find((todo) => todo.id === view.todoId) : undefined;
  const heading =
    view.kind === 'folder'
      ? t(`folder.${view.folder}`)
      : view.kind === 'filter'
        ? t(`filter.${view.due}`)
        : (label?.name ?? view.labelHandle);
  const closeDetail = () => void navigate(basePath);

  const detail = selected ? (
    <TodoDetail
      key={selected.id}
      todo={selected}
      labels={labelList}
      isSaving={saveTodo.isPending}
      onSave={(change) => saveTodo.mutate(change)}
      onTrash={() => deleteTodo.mutate(selected.id, { onSuccess: closeDetail })}
      onRestore={() => restoreTodo.mutate(selected.id, { onSuccess: closeDetail })}
      onClose={closeDetail}
    />
  ) : view.todoId && todos.isSuccess ? (
    <Alert severity="info">{t('todoMissing')}</Alert>
  ) : (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
      {t('selectHint')}
    </Typography>
  );

  return (
    <PageCard title={`${t('title')} · ${heading}`}>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, minHeight: 480 }}>
        <Box sx={{ width: { md: 220 }, flexShrink: 0 }}>
          <TodoSidebar view={view} labels={labelList} onEditLabels={() => setIsLabelsOpen(true)} />
        </Box>
        <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', md: 'block' } }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {canQuickAdd(view) && (view.kind !== 'label' || label) && (
            <TodoQuickAdd
              isBusy={createTodo.isPending}
              onAdd={(title) => createTodo.mutateAsync({ title, ...quickAddDefaults(view, label, today) })}
            />
          )}
          {view.kind === 'label' && labels.isSuccess && !label && <Alert severity="warning">{t('labelMissing')}</Alert>}
          <ListStatus
            isPending={todos.isPending && Boolean(listParams)}
            isError={todos.isError}
            errorText={t('loadFailed')}
          />
          {todos.isSuccess && items.length === 0 && (
            <Box sx={{ textAlign: 'center', py: 6 }}>
              <Typography>{t('empty')}</Typography>
              <Typography color="text.secondary" variant="body2">
                {t('emptyHint')}
              </Typography>
            </Box>
          )}
          <List aria-label={heading} data-testid="todo-list">
            {items.map((todo) => (
              <TodoListItem
                key={todo.id}
                todo={todo}
                to={`${basePath}/${todo.id}`}
                isSelected={todo.id === view.todoId}
                today={today}
                onChange={(change) => updateTodo.mutate({ id: todo.id, ...change })}
              />
            ))}
          </List>
        </Box>
        {isWide ? (
          <>
            <Divider orientation="vertical" flexItem />
            <Paper elevation={0} sx={{ width: 360, flexShrink: 0 }} data-testid="todo-detail">
              {detail}
            </Paper>
          </>
        ) : (
          <Drawer anchor="right" open={Boolean(selected)} onClose={closeDetail} slotProps={{ paper: { 'aria-label': selected?.title } }}>
            <Box sx={{ width: { xs: '100vw', sm: 400 }, p: 2 }} data-testid="todo-detail">
              {detail}
            </Box>
          </Drawer>
        )}
      </Box>
      <LabelManagerDialog
        isOpen={isLabelsOpen}
        onClose={() => setIsLabelsOpen(false)}
        labels={labelList}
        actions={labelActionsOf({ create: createLabel, rename: renameLabel, remove: deleteLabel })}
      />
    </PageCard>
  );
}

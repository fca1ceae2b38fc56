import type { MarkingStatus, PendingEvaluation } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useMarkAnswer, useMarkingQueue } from '../api/grading-api';
import { filterOptions, groupQueue, itemKey, nextAfter, workOrder } from '../model/marking-queue';
import { MarkingPanel } from './marking-panel';

type Choice = number | null;
const toChoice = (value: string): Choice => (value === '' ? null : Number(value));

/** The Comprehensive tab: the queue of written answers, grouped per test and question, and the marking panel. */
/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function MarkingScreen() {
  const { t } = useTranslation('grading');
  const [status, setStatus] = useState<MarkingStatus>('pending');
  const [taskId, setTaskId] = useState<Choice>(null);
  const [questionId, setQuestionId] = useState<Choice>(null);
  const [classId, setClassId] = useState<Choice>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  // Options come from the whole queue of this status, so a filter never hides its own choices.
  const everything = useMarkingQueue({ status });
  const queue = useMarkingQueue({ status, taskId: taskId ?? undefined, questionTaskMapID: questionId ?? undefined, classId: classId ?? undefined });
  const markAnswer = useMarkAnswer();

  const items = useMemo(() => queue.data ?? [], [queue.data]);
  const groups = useMemo(() => groupQueue(items), [items]);
  const options = useMemo(() => filterOptions(everything.data ?? [], taskId), [everything.data, taskId]);
  const ordered = useMemo(() => workOrder(items), [items]);
  const selected: PendingEvaluation | undefined = ordered.find((item) => itemKey(item) === selectedKey) ?? ordered[0];

  const handleSave = ({ marksAwarded, comment, goNext }: { marksAwarded: number; comment: string; goNext: boolean }) => {
    if (!selected) return;
    const current = itemKey(selected);
    const next = nextAfter(items, current);
    markAnswer.mutate(
      { attemptId: selected.attemptId, questionTaskMapID: selected.questionTaskMapID, marksAwarded, comment },
      { onSuccess: () => setSelectedKey(goNext || status === 'pending' ? next : current) },
    );
  };

  const select = (label: string, value: Choice, onChange: (value: Choice) => void, choices: Array<{ id: number; name: string }>, testId: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(toChoice(event.target.value))}
      sx={{ minWidth: 160, flex: '1 1 160px', '& .MuiSelect-select.MuiInputBase-input': { whiteSpace: 'normal' } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{t('all')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={String(choice.id)}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('intro')}</Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('filters')}>
        <TextField
          select
          size="small"
          label={t('show')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as MarkingStatus);
            setSelectedKey(null);
          }}
          sx={{ minWidth: 200, flex: '1 1 200px', '& .MuiSelect-select.MuiInputBase-input': { whiteSpace: 'normal' } }}
        >
          <MenuItem value="pending">{t('status.pending')}</MenuItem>
          <MenuItem value="marked">{t('status.marked')}</MenuItem>
        </TextField>
        {select(t('test'), taskId, (value) => (setTaskId(value), setQuestionId(null)), options.tests, 'filter-test')}
        {select(t('question'), questionId, setQuestionId, options.questions, 'filter-question')}
        {select(t('className'), classId, setClassId, options.classes, 'filter-class')}
      </Stack>
      {queue.isPending && <LinearProgress aria-label={t('queue')} />}
      {queue.isError && (
        <Alert severity="error" action={<Button onClick={() => void queue.refetch()}>{t('retry')}</Button>}>
          {t('loadFailed')}
        </Alert>
      )}
      {queue.isSuccess && items.length === 0 && <Alert severity="success">{t('empty')}</Alert>}
      {items.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 320px) 1fr' }, alignItems: 'start' }}>
          <Paper variant="outlined" component="nav" aria-label={t('queue')} sx={{ maxHeight: { md: '70vh' }, overflow: 'auto' }}>
            <Typography variant="subtitle2" component="p" sx={{ px: 2, pt: 1 }}>
              {t('queueCount', { count: items.length })}
            </Typography>
            {groups.map((test) => (
              <Box key={test.taskId} component="section" aria-label={test.TaskName}>
                <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1 }}>
                  {test.TaskName}
                </Typography>
                {test.questions.map((question) => (
                  <List key={question.mapId} dense subheader={<ListSubheader>{question.title}</ListSubheader>}>
                    {question.items.map((item) => (
                      <ListItem key={itemKey(item)} disablePadding>
                        <ListItemButton
                          selected={selected !== undefined && itemKey(item) === itemKey(selected)}
                          onClick={() => setSelectedKey(itemKey(item))}
                        >
                          {/* Named by what it shows, with "Mark:" before it for a screen reader (WCAG 2.5.3). */}
                          <ListItemText
                            primary={
                              <>
                                <Box component="span" sx={VISUALLY_HIDDEN}>
                                  {t('open', { code: '' })}
                                </Box>
                                {item.candidate}
                              </>
                            }
                            secondary={[item.className, item.teacherMarks === null ? null : `${item.teacherMarks}/${item.marks}`].filter(Boolean).join(' · ')} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                ))}
              </Box>
            ))}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
            {selected && <MarkingPanel key={itemKey(selected)} item={selected} isSaving={markAnswer.isPending} onSave={handleSave} />}
          </Paper>
        </Box>
      )}
    </Stack>
  );
}

import type { QuestionSummary } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { useQuestionSearch, useTopicOptions } from '../api/test-config-api';
import { pickedIds, type EditableSection } from '../model/test-config-model';

/** Searches the question bank (its own list call) and adds questions to a section. */
export function QuestionPickerDialog({
  sections,
  courseId,
  onAdd,
  onClose,
}: {
  sections: EditableSection[];
  courseId: number;
  onAdd: (summary: QuestionSummary) => void;
  onClose: () => void;
}) {
  // The kinds' names are the question bank's own texts (its namespace, not its code).
  const { t } = useTranslation(['testConfig', 'questionKinds']);
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [topicId, setTopicId] = useState<number | ''>('');
  const deferred = useDeferredValue(search.trim());
  const topics = useTopicOptions(courseId).data?.topics ?? [];
  const { data, isFetching } = useQuestionSearch({ pageSize: 20, ...(deferred ? { search: deferred } : {}), ...(topicId ? { topicId } : {}) }, true);
  const taken = pickedIds(sections);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('pickerTitle')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('pickerSearch')} value={search} onChange={(e) => setSearch(e.target.value)} type="search" autoFocus fullWidth />
          <TextField select label={t('pickerTopic')} value={topicId} onChange={(e) => setTopicId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ minWidth: 200 }}>
            <MenuItem value="">{t('anyTopic')}</MenuItem>
            {topics.map((topic) => (
              <MenuItem key={topic.topicID} value={topic.topicID}>
                {topic.topicName}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <List aria-busy={isFetching} aria-label={t('pickerTitle')}>
          {(data?.items ?? []).map((q) => {
            const isTaken = taken.has(q.questionId);
            const name = q.title || q.preview;
            return (
              <ListItem
                key={q.questionId}
                divider
                secondaryAction={
                  <Button size="small" variant={isTaken ? 'text' : 'outlined'} disabled={isTaken} onClick={() => onAdd(q)} aria-label={`${isTaken ? t('added') : t('add')}: ${name}`}>
                    {isTaken ? t('added') : t('add')}
                  </Button>
                }
              >
                <ListItemText primary={name} secondary={`${t(`questionKinds:${q.questionType}.name`)} · ${t(q.difficulty)} · ${t('previewMarks', { marks: q.marks, negative: q.negativeMarks })}`} sx={{ pr: 10, overflowWrap: 'anywhere' }} />
              </ListItem>
            );
          })}
        </List>
        {data && data.items.length === 0 && <Typography color="text.secondary">{t('noResults')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

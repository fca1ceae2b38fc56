import type { OmrAnswer, OmrSheetDetail, OmrSheetState, OmrSheetSummary } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useAssignSheet, useCandidates, useCorrectSheet, usePublish, useReview, useSheet } from '../api/omr-api';
import { PendingButton } from '../../../components/pending-button';

/** The six choices a person has for a question, as the radio values carry them. */
const CHOICES = ['none', '0', '1', '2', '3', 'invalid'] as const;
const toValue = (a: OmrAnswer | undefined): string => (a === undefined || a === null ? 'none' : String(a));
const fromValue = (v: string): OmrAnswer => (v === 'none' ? null : v === 'invalid' ? 'invalid' : Number(v));

export function useAnswerLabel() {
  const { t } = useTranslation('omr');
  return (a: OmrAnswer | undefined) => (a === undefined || a === null ? t('answerNone') : a === 'invalid' ? t('answerInvalid') : 'ABCD'[a]!);
}

const STATE_COLOURS: Record<OmrSheetState, 'warning' | 'info' | 'success' | 'default'> = {
  held: 'warning',
  toCheck: 'warning',
  ready: 'info',
  published: 'success',
  superseded: 'default',
};

function StateChip({ state }: { state: OmrSheetState }) {
  const { t } = useTranslation('omr');
  return <Chip size="small" color={STATE_COLOURS[state]} label={t(`state_${state}`)} />;
}

/** One flagged question: the crop of the paper, and the six choices as radios (arrow keys move between them). */
function FlaggedQuestion({ item, value, onChange }: { item: OmrSheetDetail['flagged'][number]; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('omr');
  const label = useAnswerLabel();
  const id = `omr-q-${item.question}`;
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={id}>
          {t('questionRead', { n: item.question + 1, read: label(item.read) })}
        </FormLabel>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          {item.crop ? (
            <Box component="img" src={item.crop} alt={t('cropAlt', { n: item.question + 1 })} sx={{ height: 40, maxWidth: '100%', border: 1, borderColor: 'divider', imageRendering: 'auto' }} />
          ) : null}
          <RadioGroup row aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value)}>
            {CHOICES.map((choice) => (
              <FormControlLabel key={choice} value={choice} control={<Radio size="small" />} label={label(fromValue(choice))} />
            ))}
          </RadioGroup>
        </Stack>
      </FormControl>
    </Box>
  );
}

/** A held sheet: the roll number as written, and a search for the student it belongs to. */
function AssignStudent({ sheet }: { sheet: OmrSheetDetail }) {
  const { t } = useTranslation('omr');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const candidates = useCandidates(sheet.id, query, true);
  const assign = useAssignSheet();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  return (
    <Box component="section" aria-labelledby={`omr-assign-${sheet.id}`} sx={{ mt: 2 }}>
      <Typography id={`omr-assign-${sheet.id}`} variant="subtitle1" component="h4">
        {sheet.student ? t('reassignTitle') : t('assignTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {sheet.student ? t('reassignHelp') : t('assignHelp')}
      </Typography>
      <TextField label={t('searchStudent')} value={search} onChange={(e) => setSearch(e.target.value)} size="small" sx={{ mt: 1, width: { xs: '100%', sm: 320 } }} />
      {candidates.isError && <Alert severity="error">{candidates.error.message}</Alert>}
      <List dense aria-label={t('candidates')}>
        {(candidates.data ?? []).map((c) => (
          <ListItem key={c.id} disableGutters>
            <PendingButton isPending={assign.isPending && assign.variables.studentId === c.id} variant="outlined" size="small" disabled={assign.isPending} onClick={() => assign.mutate({ sheetId: sheet.id, studentId: c.id })} sx={{ textTransform: 'none', textAlign: 'left' }}>
              {t('assignTo', { name: c.name, roll: c.rollNumber, className: c.className ?? '—' })}
            </PendingButton>
          </ListItem>
        ))}
        {candidates.data && candidates.data.length === 0 && <ListItem disableGutters>{t('noCandidates')}</ListItem>}
      </List>
      {assign.isError && <Alert severity="error">{assign.error.message}</Alert>}
    </Box>
  );
}

function SheetPanel({ sheetId, onClose }: { sheetId: number; onClose: () => void }) {
  const { t } = useTranslation('omr');
  const label = useAnswerLabel();
  const sheet = useSheet(sheetId);
  const correct = useCorrectSheet();
  const [choices, setChoices] = useState<Record<number, string>>({});
  const data = sheet.data;
  useEffect(() => {
    if (data) setChoices(Object.fromEntries(data.flagged.map((f) => [f.question, toValue(f.decided !== undefined ? f.decided : f.read)])));
  }, [data]);
  if (sheet.isError) return <Alert severity="error">{sheet.error.message}</Alert>;
  if (!data) return <Typography role="status">{t('loading')}</Typography>;
  const confirm = () => correct.mutate({ sheetId: data.id, corrections: data.flagged.map((f) => ({ question: f.question, answer: fromValue(choices[f.question] ?? 'none') })) });
  return (
    <Box component="section" aria-labelledby="omr-sheet-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
        <Typography id="omr-sheet-title" variant="h6" component="h3">
          {t('sheetTitle', { page: data.page, student: data.student?.name ?? t('noStudent') })}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <StateChip state={data.state} />
          <Button size="small" onClick={onClose}>
            {t('close')}
          </Button>
        </Stack>
      </Stack>
      {data.rollCrop && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2">{data.rollNumber ? t('rollRead', { roll: data.rollNumber }) : t('rollUnread')}</Typography>
          <Box component="img" src={data.rollCrop} alt={t('rollCropAlt')} sx={{ maxWidth: '100%', height: 'auto', maxHeight: 180, border: 1, borderColor: 'divider' }} />
        </Box>
      )}
      {!data.publishedOnce && data.state !== 'superseded' && <AssignStudent sheet={data} />}

      <Box component="section" aria-labelledby="omr-read-title" sx={{ mt: 2 }}>
        <Typography id="omr-read-title" variant="subtitle1" component="h4">
          {t('readTitle')}
        </Typography>
        <Box
          component="ol"
          aria-labelledby="omr-read-title"
          sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))', gap: 0.5, fontVariantNumeric: 'tabular-nums' }}
        >
          {data.answers.map((answer, q) => (
            <Box component="li" key={q} sx={{ listStyle: 'none', fontWeight: answer === 'invalid' ? 600 : undefined }}>
              {`${q + 1}: ${label(answer)}`}
            </Box>
          ))}
        </Box>
      </Box>

      {data.flagged.length > 0 && (
        <Box component="section" aria-labelledby="omr-flagged-title" sx={{ mt: 2 }}>
          <Typography id="omr-flagged-title" variant="subtitle1" component="h4">
            {t('flaggedTitle', { count: data.flagged.length })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('flaggedHelp')}
          </Typography>
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {data.flagged.map((item) => (
              <FlaggedQuestion key={item.question} item={item} value={choices[item.question] ?? 'none'} onChange={(v) => setChoices((c) => ({ ...c, [item.question]: v }))} />
            ))}
          </Box>
          <PendingButton isPending={correct.isPending} variant="contained" sx={{ mt: 1 }} disabled={correct.isPending} onClick={confirm}>
            {correct.isPending ? t('saving') : t('confirmAnswers')}
          </PendingButton>
          {correct.isError && <Alert severity="error" sx={{ mt: 1 }}>{correct.error.message}</Alert>}
          {correct.isSuccess && !correct.isPending && <Alert severity="success" sx={{ mt: 1 }} role="status">{t('saved')}</Alert>}
        </Box>
      )}

      {data.studentDiffers && (
        <Box component="section" aria-labelledby="omr-differs-title" sx={{ mt: 2 }}>
          <Typography id="omr-differs-title" variant="subtitle1" component="h4">
            {t('differsTitle')}
          </Typography>
          {data.studentDiffers.length === 0 ? (
            <Typography variant="body2">{t('differsNone')}</Typography>
          ) : (
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="omr-differs-title">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('question')}</TableCell>
                    <TableCell>{t('scanned')}</TableCell>
                    <TableCell>{t('studentUpload')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.studentDiffers.map((d) => (
                    <TableRow key={d.question}>
                      <TableCell>{d.question + 1}</TableCell>
                      <TableCell>{label(d.staff)}</TableCell>
                      <TableCell>{label(d.student)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('differsHelp')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

function StudentCell({ sheet }: { sheet: OmrSheetSummary }) {
  const { t } = useTranslation('omr');
  if (!sheet.student) return <Typography color="warning.dark" variant="body2">{sheet.rollFlagged ? t('rollUnread') : t('held')}</Typography>;
  return (
    <>
      {sheet.student.name} <Typography component="span" variant="body2" color="text.secondary">({sheet.student.rollNumber})</Typography>
    </>
  );
}

/** Staff: the read sheets of a test; each opens for its flagged questions and its student; publish scores the confirmed ones. */
export function OmrReview({ taskId }: { taskId: number }) {
  const { t } = useTranslation('omr');
  const review = useReview(taskId);
  const publish = usePublish();
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => setOpen(null), [taskId]);
  const sheets = review.data?.sheets ?? [];
  const publishable = sheets.filter((s) => s.state === 'ready').length;
  return (
    <Box component="section" aria-labelledby="omr-review-title">
      <Typography id="omr-review-title" variant="h6" component="h2" gutterBottom>
        {t('reviewTitle')}
      </Typography>
      {review.isError && <Alert severity="error">{review.error.message}</Alert>}
      {review.data && sheets.length === 0 && <Typography color="text.secondary">{t('noSheets')}</Typography>}
      {sheets.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="omr-review-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('page')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell>{t('student')}</TableCell>
                <TableCell>{t('answered')}</TableCell>
                <TableCell>{t('flagged')}</TableCell>
                <TableCell>{t('score')}</TableCell>
                <TableCell>{t('actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sheets.map((sheet) => (
                <TableRow key={sheet.id} selected={open === sheet.id}>
                  <TableCell>
                    {sheet.source === 'student' ? t('studentUpload') : t('pageN', { n: sheet.page })}
                  </TableCell>
                  <TableCell>
                    <StateChip state={sheet.state} />
                  </TableCell>
                  <TableCell>
                    <StudentCell sheet={sheet} />
                  </TableCell>
                  <TableCell>{sheet.answered}</TableCell>
                  <TableCell>{sheet.toCheck || t('none')}</TableCell>
                  <TableCell>{sheet.scored !== null && sheet.total !== null ? `${sheet.scored} / ${sheet.total}` : '—'}</TableCell>
                  <TableCell>
                    <Button size="small" variant={open === sheet.id ? 'contained' : 'outlined'} onClick={() => setOpen(open === sheet.id ? null : sheet.id)} aria-label={t('openSheet', { page: sheet.page, student: sheet.student?.name ?? t('noStudent') })}>
                      {t('open')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open !== null && (
        <Box sx={{ mt: 2 }}>
          <SheetPanel sheetId={open} onClose={() => setOpen(null)} />
        </Box>
      )}
      {sheets.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 2 }}>
          <PendingButton isPending={publish.isPending} variant="contained" color="success" disabled={publish.isPending} onClick={() => publish.mutate(taskId)}>
            {publish.isPending ? t('publishing') : t('publish')}
          </PendingButton>
          <Typography variant="body2" color="text.secondary">
            {t('publishHelp', { count: publishable })}
          </Typography>
        </Stack>
      )}
      {publish.isError && <Alert severity="error" sx={{ mt: 2 }}>{publish.error.message}</Alert>}
      {publish.data && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {t('published', publish.data)}
        </Alert>
      )}
    </Box>
  );
}

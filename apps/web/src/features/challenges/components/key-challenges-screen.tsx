import { KEY_DECISIONS, type ChallengedQuestion, type KeyDecision } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PendingButton } from '../../../components/pending-button';
import { INLINE_CONTENT, RichContent } from '../../../components/rich-text/rich-content';
import { useChallengeList, useDecide } from '../api/challenges-api';
import { ThreadDialog } from './thread-dialog';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value)} %`);

/** The decision form: keep, change, accept several, bonus or drop, with the answers it needs and a note. */
function DecisionForm({ taskId, question }: { taskId: number; question: ChallengedQuestion }) {
  const { t } = useTranslation('challenges');
  const decide = useDecide();
  const id = useId();
  const [decision, setDecision] = useState<KeyDecision>('keep');
  const [answerIds, setAnswerIds] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const needsAnswers = decision === 'change' || decision === 'acceptSeveral';
  const toggle = (answerId: number) => setAnswerIds((ids) => (ids.includes(answerId) ? ids.filter((x) => x !== answerId) : [...ids, answerId]));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { taskId, questionTaskMapID: question.questionTaskMapID, decision, note, ...(needsAnswers ? { answerIds } : {}) },
      { onSuccess: () => setNote('') },
    );
  };
  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
      <FormControl>
        <FormLabel id={`${id}-decision`}>{t('decide')}</FormLabel>
        <RadioGroup aria-labelledby={`${id}-decision`} value={decision} onChange={(e) => setDecision(e.target.value as KeyDecision)}>
          {KEY_DECISIONS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(`decision.${value}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {needsAnswers && question.options.length > 0 && (
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('answers')}</FormLabel>
          <FormGroup>
            {question.options.map((option, index) => (
              <FormControlLabel
                key={option.answerId}
                control={<Checkbox checked={answerIds.includes(option.answerId)} onChange={() => toggle(option.answerId)} />}
                label={<RichContent html={`${String.fromCharCode(65 + index)}. ${option.label}`} component="span" sx={INLINE_CONTENT} />}
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
      <TextField label={t('note')} helperText={t('noteHelp')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      <Box>
        <PendingButton type="submit" variant="contained" isPending={decide.isPending}>
          {t('record')}
        </PendingButton>
      </Box>
    </Box>
  );
}

function ChallengedQuestionCard({ taskId, question }: { taskId: number; question: ChallengedQuestion }) {
  const { t } = useTranslation('challenges');
  const [isThreadOpen, setIsThreadOpen] = useState(false);
  const chosen = new Map(question.stats?.chosen.map((c) => [c.answerId, c.count]) ?? []);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="challenged-question">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('question', { number: question.number })}. <span data-user-content="">{question.title}</span>
        </Typography>
        <Chip size="small" label={t(`award.${question.award}`)} color={question.award === 'key' ? 'default' : 'warning'} />
        <Chip size="small" color={question.openCount ? 'error' : 'default'} label={t('openCount', { count: question.openCount })} />
      </Stack>
      <RichContent html={question.text} sx={{ mb: 1 }} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {question.stats
          ? t('stats', { attempts: question.stats.attempts, facility: percent(question.stats.facility), discrimination: percent(question.stats.discriminationIndex) })
          : t('noStats')}
      </Typography>
      {question.options.length > 0 && (
        <Box component="ol" type="A" sx={{ pl: 3, my: 1 }} aria-label={t('options')}>
          {question.options.map((option) => (
            <li key={option.answerId}>
              <RichContent html={option.label} component="span" sx={INLINE_CONTENT} />{' '}
              {option.isKey && <Chip size="small" color="success" label={t('isKey')} />} {option.alsoAccepted && <Chip size="small" color="info" label={t('alsoAccepted')} />}{' '}
              <Typography variant="caption" color="text.secondary" component="span">
                {t('chosen', { count: chosen.get(option.answerId) ?? 0 })}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {t('challenges')}
      </Typography>
      <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
        {question.challenges.map((c) => (
          <li key={c.id}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-user-content="">
              {c.studentName}
            </Typography>{' '}
            <Chip size="small" variant="outlined" label={t(`status.${c.status}`)} />{' '}
            <Typography variant="body2" component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content="">
              {c.reason}
            </Typography>
            {c.imageUrl && (
              <Box
                component="a"
                href={c.imageUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('openImage', { name: c.studentName, number: question.number })}
                sx={{ display: 'block', width: 'fit-content', mt: 0.5 }}
                data-testid="challenge-image"
              >
                <Box
                  component="img"
                  src={c.imageUrl}
                  alt={t('imageAlt', { name: c.studentName, number: question.number })}
                  loading="lazy"
                  sx={{ display: 'block', maxWidth: 160, maxHeight: 120, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
                />
              </Box>
            )}
          </li>
        ))}
      </Box>
      {question.decisions.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
            {t('decisions')}
          </Typography>
          <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
            {question.decisions.map((d) => (
              <li key={d.id}>
                <Typography variant="body2" data-user-content="">
                  {new Date(d.at).toLocaleString()} — {t('decidedBy', { decision: t(`decision.${d.decision}`), name: d.byName, note: d.note })}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
      <DecisionForm taskId={taskId} question={question} />
      <Button sx={{ mt: 1 }} onClick={() => setIsThreadOpen(true)}>
        {t('openDiscussion')}
      </Button>
      <ThreadDialog
        question={{ taskId, mapId: question.questionTaskMapID, number: question.number }}
        isOpen={isThreadOpen}
        onClose={() => setIsThreadOpen(false)}
        isStaff
      />
    </Paper>
  );
}

/** Staff: a test's challenged questions, most open challenges first, each with its statistics and a decision. */
export function KeyChallengesScreen({ taskId }: { taskId: number }) {
  const { t } = useTranslation('challenges');
  const list = useChallengeList(taskId);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('staffTitle')}
        {list.data && (
          <>
            {' — '}
            <span data-user-content="">{list.data.testName}</span>
          </>
        )}
      </Typography>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {t('staffIntro')}
      </Typography>
      {list.isPending && <Typography>{t('loading')}</Typography>}
      {list.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {list.data && list.data.questions.length === 0 && <Typography>{t('noneChallenged')}</Typography>}
      <Stack spacing={2}>
        {list.data?.questions.map((question) => <ChallengedQuestionCard key={question.questionTaskMapID} taskId={taskId} question={question} />)}
      </Stack>
    </Box>
  );
}

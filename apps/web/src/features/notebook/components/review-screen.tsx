import { REVIEW_LIMITS, REVIEW_RATINGS, type NotebookQuestion, type ReviewAnswerResult, type ReviewItem, type SessionQuestion } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ListStatus } from '../../../components/workspace/list-status';
import { PendingButton } from '../../../components/pending-button';
import { useNotify } from '../../../hooks/use-notify';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { useSessionUser } from '../../../hooks/use-session-user';
import { classifyFailure } from '../../../lib/api-client';
import { preloadQuestionParts } from '../../../question-kinds';
import { answerReview, useAnswerReview, useGradeReview, useReviewQueue, useUpdateReviewSettings } from '../api/notebook-api';
import { ReviewOutbox, reviewOutboxKey, type KeptAnswer } from '../model/review-outbox';

export type ReviewAnswer = { answerID: SessionQuestion['answerID']; answerData: SessionQuestion['answerData'] };

/** What the page's answer area receives: the question as the player serves it, the answer so far, and where to report a change. */
export interface ReviewAnswerAreaProps {
  question: SessionQuestion;
  answer: ReviewAnswer;
  isLocked: boolean;
  onAnswer: (answer: ReviewAnswer) => void;
}

interface ReviewScreenProps {
  /** The player's own question view (the page mounts the exam's). */
  renderAnswerArea: (props: ReviewAnswerAreaProps) => ReactNode;
  /** The card's question with the key and explanation, as the notebook shows it. */
  renderKey: (question: NotebookQuestion) => ReactNode;
}

const EMPTY: ReviewAnswer = { answerID: null, answerData: null };
/** How often answers kept on the device are sent again while the server cannot be reached. */
const RETRY_MS = 15_000;

function MinutesSetting({ minutesPerDay }: { minutesPerDay: number }) {
  const { t } = useTranslation('notebook');
  const save = useUpdateReviewSettings();
  const [value, setValue] = useState(String(minutesPerDay));
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ minutesPerDay: Number(value) });
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        id="review-minutes"
        label={t('review.minutes')}
        type="number"
        size="small"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { min: REVIEW_LIMITS.minutesMin, max: REVIEW_LIMITS.minutesMax, step: 1 } }}
        sx={{ width: 180 }}
      />
      <PendingButton type="submit" variant="outlined" isPending={save.isPending}>
        {t('review.saveMinutes')}
      </PendingButton>
    </Box>
  );
}

/** The server's result of an answer: right or not (when the key is released), the key, and the grades with their next due dates. */
function ReviewOutcome({ result, renderKey, onGraded }: { result: ReviewAnswerResult; renderKey: ReviewScreenProps['renderKey']; onGraded?: () => void }) {
  const { t, i18n } = useTranslation('notebook');
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const grade = useGradeReview();

  const verdict = (r: ReviewAnswerResult) => {
    if (!r.keyReleased || r.status === null) return <Alert severity="info">{t('keyLater')}</Alert>;
    if (r.status === 'correct') return <Alert severity="success">{t('review.right')}</Alert>;
    if (r.status === 'partial') return <Alert severity="warning">{t('review.partial')}</Alert>;
    return <Alert severity="error">{t('review.wrong')}</Alert>;
  };

  return (
    <Stack spacing={2}>
      <div role="status">{verdict(result)}</div>
      {result.keyReleased && result.question && renderKey(result.question)}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {t('review.howWell')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1 }}>
          {REVIEW_RATINGS.map((rating) => {
            const due = result.choices.find((c) => c.rating === rating)?.due;
            return (
              <Button
                key={rating}
                variant="outlined"
                disabled={grade.isPending}
                onClick={() => grade.mutate({ reviewId: result.reviewId, rating }, { onSuccess: onGraded })}
                sx={{ flexDirection: 'column', textTransform: 'none' }}
              >
                <span>{t(`review.ratings.${rating}`)}</span>
                {due && (
                  <Typography component="span" variant="caption">
                    {t('review.nextDue', { when: new Date(due).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
                  </Typography>
                )}
              </Button>
            );
          })}
        </Box>
      </Box>
    </Stack>
  );
}

/**
 * One card: answer it in the player's view, check, see the key (when released), grade. Offline
 * (or when the check cannot reach the server) the answer is kept on the device (`onKept`) and the
 * next card comes; its result comes back to be graded once the browser is online again.
 */
function ReviewCard({ item, renderAnswerArea, renderKey, onKept }: { item: ReviewItem; onKept: (answer: KeptAnswer) => void } & ReviewScreenProps) {
  const { t } = useTranslation('notebook');
  const notify = useNotify();
  const [answer, setAnswer] = useState<ReviewAnswer>(EMPTY);
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  const shownAt = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const check = useAnswerReview();

  useEffect(() => {
    shownAt.current = Date.now();
    heading.current?.focus();
  }, []);

  const handleCheck = () => {
    const given: KeptAnswer = {
      clientId: crypto.randomUUID(),
      cardId: item.cardId,
      answerID: answer.answerID,
      answerData: answer.answerData,
      timeSpent: Math.min(3_600, Math.round((Date.now() - shownAt.current) / 1000)),
      answeredAt: new Date().toISOString(),
    };
    if (!navigator.onLine) return onKept(given);
    check.mutate(given, {
      onSuccess: setResult,
      onError: (error) => (classifyFailure(error) === 'retry' ? onKept(given) : notify.apiError(error)),
    });
  };

  return (
    <Box component="section" aria-labelledby="review-card-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="review-card-heading" ref={heading} tabIndex={-1} variant="subtitle1" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
        {t('cardLabel', { test: item.testName, subject: item.subject })}
      </Typography>
      {renderAnswerArea({ question: item.question, answer, isLocked: result !== null, onAnswer: setAnswer })}
      {result === null ? (
        <Box>
          <PendingButton variant="contained" isPending={check.isPending} onClick={handleCheck}>
            {t('review.check')}
          </PendingButton>
        </Box>
      ) : (
        <ReviewOutcome result={result} renderKey={renderKey} />
      )}
    </Box>
  );
}

/** The answers kept on this device: sent when online; their results wait here to be graded. */
function useKeptAnswers() {
  const { t } = useTranslation('notebook');
  const notify = useNotify();
  const user = useSessionUser();
  const isOnline = useOnlineStatus();
  const outbox = useMemo(() => new ReviewOutbox(localStorage, reviewOutboxKey(user?.userName ?? 'signed-out')), [user?.userName]);
  const kept = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.pending(),
  );
  const [toGrade, setToGrade] = useState<ReviewAnswerResult[]>([]);
  const isSending = useRef(false);
  // Online but the server out of reach: another round every so often.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!isOnline || kept.length === 0) return;
    const timer = setInterval(() => setRound((r) => r + 1), RETRY_MS);
    return () => clearInterval(timer);
  }, [isOnline, kept.length]);

  useEffect(() => {
    if (!isOnline || kept.length === 0 || isSending.current) return;
    isSending.current = true;
    void outbox
      .flush(answerReview)
      .then(({ results, refused }) => {
        setToGrade((earlier) => [...earlier, ...results]);
        for (const { error } of refused) notify.warning(t('review.keptRefused', { reason: error instanceof Error ? error.message : '' }));
      })
      .finally(() => {
        isSending.current = false;
      });
  }, [isOnline, kept, outbox, notify, t, round]);

  return {
    isOnline,
    kept,
    keep: (answer: KeptAnswer) => outbox.add(answer),
    toGrade,
    graded: (reviewId: number) => setToGrade((earlier) => earlier.filter((r) => r.reviewId !== reviewId)),
  };
}

/** Today's review: the counts, the minutes a day, results of answers kept offline, and the first card of the queue. */
export function ReviewScreen(props: ReviewScreenProps) {
  const { t } = useTranslation('notebook');
  const queue = useReviewQueue();
  const { isOnline, kept, keep, toGrade, graded } = useKeptAnswers();
  const data = queue.data;
  // The cards' answer areas and mathematics load with the queue: the review goes on offline.
  useEffect(() => {
    if (data) preloadQuestionParts(data.items.map((i) => i.question));
  }, [data]);
  const keptCards = new Set(kept.map((a) => a.cardId));
  // The first card not waiting on this device; a new review each time the queue is read again.
  const item = data?.items.find((i) => !keptCards.has(i.cardId));
  const waiting = toGrade[0];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('review.intro')}
      </Typography>
      <div role="status" data-testid="review-offline">
        {!isOnline && <Alert severity="warning">{t('review.offline')}</Alert>}
        {kept.length > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('review.keptCount', { count: kept.length })}
          </Typography>
        )}
      </div>
      {data && (
        <>
          <Typography variant="body2" role="status" data-testid="review-counts">
            {t('review.counts', { today: data.dueToday, later: data.dueLater, minutes: Math.round(data.reviewedTodaySeconds / 60), budget: data.minutesPerDay })}
          </Typography>
          <MinutesSetting key={data.minutesPerDay} minutesPerDay={data.minutesPerDay} />
        </>
      )}
      {waiting ? (
        <Box component="section" aria-labelledby="review-kept-heading" sx={{ display: 'grid', gap: 2 }}>
          <Typography id="review-kept-heading" variant="subtitle1" component="h2">
            {t('review.keptResult', { count: toGrade.length })}
          </Typography>
          <ReviewOutcome key={waiting.reviewId} result={waiting} renderKey={props.renderKey} onGraded={() => graded(waiting.reviewId)} />
        </Box>
      ) : (
        <>
          <ListStatus
            isPending={queue.isPending}
            isError={queue.isError}
            isEmpty={data !== undefined && item === undefined}
            errorText={t('review.loadFailed')}
            emptyText={kept.length > 0 ? t('review.keptAll') : data && data.dueToday > 0 ? t('review.doneForToday') : t('review.nothingDue')}
          />
          {item && <ReviewCard key={`${item.cardId}:${queue.dataUpdatedAt}`} item={item} onKept={keep} {...props} />}
        </>
      )}
    </Box>
  );
}

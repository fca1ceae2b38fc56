import { REVIEW_LIMITS, REVIEW_RATINGS, type NotebookQuestion, type ReviewAnswerResult, type ReviewItem, type SessionQuestion } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../../components/workspace/list-status';
import { PendingButton } from '../../../components/pending-button';
import { useAnswerReview, useGradeReview, useReviewQueue, useUpdateReviewSettings } from '../api/review';

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

/** One card: answer it in the player's view, check, see the key (when released), grade. */
function ReviewCard({ item, renderAnswerArea, renderKey }: { item: ReviewItem } & ReviewScreenProps) {
  const { t, i18n } = useTranslation('notebook');
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const [answer, setAnswer] = useState<ReviewAnswer>(EMPTY);
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  const shownAt = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const check = useAnswerReview();
  const grade = useGradeReview();

  useEffect(() => {
    shownAt.current = Date.now();
    heading.current?.focus();
  }, []);

  const handleCheck = () => {
    const timeSpent = Math.min(3_600, Math.round((Date.now() - shownAt.current) / 1000));
    check.mutate({ cardId: item.cardId, answerID: answer.answerID, answerData: answer.answerData, timeSpent }, { onSuccess: setResult });
  };

  const verdict = (r: ReviewAnswerResult) => {
    if (!r.keyReleased || r.status === null) return <Alert severity="info">{t('keyLater')}</Alert>;
    if (r.status === 'correct') return <Alert severity="success">{t('review.right')}</Alert>;
    if (r.status === 'partial') return <Alert severity="warning">{t('review.partial')}</Alert>;
    return <Alert severity="error">{t('review.wrong')}</Alert>;
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
                    onClick={() => grade.mutate({ reviewId: result.reviewId, rating })}
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
      )}
    </Box>
  );
}

/** Today's review: the counts, the minutes a day, and the first card of the queue. */
export function ReviewScreen(props: ReviewScreenProps) {
  const { t } = useTranslation('notebook');
  const queue = useReviewQueue();
  const data = queue.data;
  // A new review each time the queue's first card changes, or the same card comes back (answered again).
  const item = data?.items[0];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('review.intro')}
      </Typography>
      {data && (
        <>
          <Typography variant="body2" role="status" data-testid="review-counts">
            {t('review.counts', { today: data.dueToday, later: data.dueLater, minutes: Math.round(data.reviewedTodaySeconds / 60), budget: data.minutesPerDay })}
          </Typography>
          <MinutesSetting key={data.minutesPerDay} minutesPerDay={data.minutesPerDay} />
        </>
      )}
      <ListStatus
        isPending={queue.isPending}
        isError={queue.isError}
        isEmpty={data?.items.length === 0}
        errorText={t('review.loadFailed')}
        emptyText={data && data.dueToday > 0 ? t('review.doneForToday') : t('review.nothingDue')}
      />
      {item && <ReviewCard key={`${item.cardId}:${queue.dataUpdatedAt}`} item={item} {...props} />}
    </Box>
  );
}

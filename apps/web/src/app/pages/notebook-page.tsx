import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../lib/translation';
import { useSearchParams } from 'react-router';
import { QuestionsWithAnswer } from '../../features/reports/shared/components/questions-with-answer';
import { NotebookScreen, RetestPanel, ReviewScreen } from '../../features/notebook';
import { PageCard } from '../../components/layout/page-card';
import { ReviewAnswerSlot } from './review-answer-slot';

/**
 * /notebook: the student's mistake notebook (this week's re-test above the cards), each question shown by the feedback report's renderer;
 * /notebook?view=review: today's spaced-repetition review, answered in the exam's own question view.
 */
export function NotebookPage() {
  const { t } = useTranslation('notebook');
  const [search, setSearch] = useSearchParams();
  const isReview = search.get('view') === 'review';
  const tabs = (
    <Tabs
      value={isReview ? 'review' : 'cards'}
      onChange={(_event, value: string) => setSearch(value === 'review' ? { view: 'review' } : {})}
      aria-label={t('tabs.label')}
      sx={{ mb: 2 }}
    >
      <Tab value="cards" label={t('tabs.cards')} id="notebook-tab-cards" />
      <Tab value="review" label={t('tabs.review')} id="notebook-tab-review" />
    </Tabs>
  );
  if (!isReview) {
    return (
      <>
        {tabs}
        <RetestPanel />
        <NotebookScreen renderQuestion={(question) => <QuestionsWithAnswer items={[question]} />} />
      </>
    );
  }
  return (
    <>
      {tabs}
      <PageCard title={t('title')}>
        <ReviewScreen
          renderAnswerArea={(props) => <ReviewAnswerSlot {...props} />}
          renderKey={(question) => <QuestionsWithAnswer items={[question]} />}
        />
      </PageCard>
    </>
  );
}

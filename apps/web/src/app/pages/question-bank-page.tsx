import { useNavigate, useSearchParams } from 'react-router';
import { parseRouteId, paths } from '../../config/paths';
import { QuestionEditor, QuestionImport, QuestionList } from '../../features/question-bank';
import { useViewFocus } from '../route-focus';
import { QuestionPreviewSlot } from './question-preview-slot';

/**
 * /questionbank: the bank's list; `?question=<id>` (or `new`) opens the editor with the exam's
 * question view composed in as its preview; `?view=import` the importer.
 */
export function QuestionBankPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const href = paths.staff.questionBank.getHref;
  const open = (questionId: number) => void navigate(href({ question: questionId }));
  const toList = () => void navigate(href());
  const question = search.get('question');
  useViewFocus(`${search.get('view') ?? ''}:${question ?? ''}`);

  if (search.get('view') === 'import') return <QuestionImport onBack={toList} onOpen={open} questionHref={(id) => href({ question: id })} />;
  if (question === 'new')
    return <QuestionEditor key="new" questionId={null} onBack={toList} onCreated={(id) => void navigate(href({ question: id }), { replace: true })} renderPreview={(props) => <QuestionPreviewSlot {...props} />} />;
  const questionId = parseRouteId(question ?? undefined);
  if (questionId !== null)
    return <QuestionEditor key={questionId} questionId={questionId} onBack={toList} onCreated={open} renderPreview={(props) => <QuestionPreviewSlot {...props} />} />;
  return <QuestionList onOpen={open} onCreate={() => void navigate(href({ question: 'new' }))} onImport={() => void navigate(href({ view: 'import' }))} />;
}

/** What app/ may mount from the notebook feature. */
export { NotebookScreen } from './components/notebook-screen';
export { ReviewScreen, type ReviewAnswerAreaProps } from './components/review-screen';
export { KeepInNotebookButton } from './components/keep-button';
export { RetestPanel } from './components/retest-panel';

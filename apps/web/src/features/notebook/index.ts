/** What app/ may mount from the notebook feature. */
export { NotebookScreen } from './components/notebook-screen';

/** What app/ may mount from the question bank. */
export { QuestionList } from './components/question-list';
export { QuestionEditor } from './components/question-editor';
export { QuestionImport } from './components/question-import';
export type { QuestionPreviewProps } from './model/question-preview';

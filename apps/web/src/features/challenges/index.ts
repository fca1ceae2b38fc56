/** What app/ may mount from the challenges feature. */
export { QuestionActions } from './components/question-actions';
export { KeyChallengesScreen } from './components/key-challenges-screen';

/** What app/ may mount from the to-do feature. */
export { TodoScreen } from './components/todo-screen';

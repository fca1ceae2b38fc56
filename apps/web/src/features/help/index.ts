/** What app/ may mount from the help feature. */
export { HelpScreen } from './components/help-screen';

/** What app/ may mount from the adaptive practice feature. */
export { AdaptiveScreen } from './components/adaptive-screen';

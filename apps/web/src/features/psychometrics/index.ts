/** What app/ may mount from the psychometrics feature. */
export { ItemCalibrationScreen } from './components/item-calibration-screen';

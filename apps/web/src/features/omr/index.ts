/** What app/ may mount from the OMR feature. */
export { OmrUploadScreen } from './components/omr-upload-screen';
export { OmrStudentScreen } from './components/omr-student-screen';

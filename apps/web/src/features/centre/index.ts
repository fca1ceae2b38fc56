/** What app/ may mount from the centre feature. */
export { CentreScreen } from './components/centre-screen';
export { ExamCentresScreen } from './components/exam-centres-screen';
export { CentreRoomScreen } from './components/centre-room-screen';
export { PreExamCheckScreen } from './components/pre-exam-check-screen';

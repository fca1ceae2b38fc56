/** What app/ may mount from the test configuration feature. */
export { TestConfigList } from './components/test-config-list';
export { TestConfigEditor } from './components/test-config-editor';

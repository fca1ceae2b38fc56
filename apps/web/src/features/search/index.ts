/** What app/ may mount from the search feature. */
export { SearchPanel } from './components/search-panel';

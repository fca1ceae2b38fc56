import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { sanitizerReady } from '../components/safe-html';
import { i18n } from '../app/i18n/i18n';
import { lazyNamespaces } from '../app/i18n/locales';

// The app loads feature texts and the HTML sanitiser with its pages; tests render components
// directly, so they are loaded up front.
await Promise.all([i18n.loadNamespaces(lazyNamespaces), sanitizerReady]);

// Parts of the player and the editor load as chunks of their own (React.lazy): the first render of
// one in a test run waits for its modules to be transformed, which takes seconds when both cores
// are busy. findBy… and waitFor wait up to 5 s for them instead of 1 s; what they wait for is unchanged.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { sanitizerReady } from '../components/safe-html';
import { i18n } from '../config/i18n';
import { lazyNamespaces } from '../config/locales';

// The app loads feature texts and the HTML sanitiser with its pages; tests render components
// directly, so they are loaded up front.
await Promise.all([i18n.loadNamespaces(lazyNamespaces), sanitizerReady]);

afterEach(() => cleanup());

import type { Locator, Page } from '@playwright/test';

/**
 * What shows while a page loads (a spinner, a skeleton): progress bars without a value. A course's
 * or a topic's progress (a bar with a value) is the page's content, not its loading.
 */
export const loadingIndicators = (page: Page): Locator => page.locator('[role="progressbar"]:not([aria-valuenow])');

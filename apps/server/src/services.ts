import type { AppDeps } from './deps.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';

/**
 * The composition root: every module's service, built once per app from the app's deps.
 * A module may call another module's service through this object, never its repository.
 */
export function createServices(deps: AppDeps) {
  const auth = createAuthService({
    repo: createAuthRepository(deps.db),
    tokens: deps.tokens,
    clock: deps.clock,
  });
  // Background work (sweepers, run queues) registers a stop function here; the server calls
  // them on shutdown and tests on close.
  const stoppers: Array<() => Promise<void> | void> = [];
  return {
    auth,
    onStop: (stop: () => Promise<void> | void) => stoppers.push(stop),
    stopAll: async () => {
      for (const stop of stoppers.reverse()) await stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

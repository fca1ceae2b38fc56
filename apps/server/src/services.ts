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
  return { auth };
}

export type Services = ReturnType<typeof createServices>;

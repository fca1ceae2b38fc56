import { lazyNamed } from '../../lib/lazy-named';

/** The text namespaces this feature's pages use, declared once: they load with each page's code (no raw keys). */
const NAMESPACES = ['profile'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const RegisterScreen = lazyNamed(() => import('./components/register-screen'), 'RegisterScreen', NAMESPACES);
export const ProfileScreen = lazyNamed(() => import('./components/profile-screen'), 'ProfileScreen', NAMESPACES);

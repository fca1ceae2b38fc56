import { lazyNamed } from '../../lib/lazy-named';

/** The text namespaces this feature's pages use, declared once: they load with each page's code (no raw keys). */
const NAMESPACES = ['auth'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const LoginScreen = lazyNamed(() => import('./components/login-screen'), 'LoginScreen', NAMESPACES);
export const SignupScreen = lazyNamed(() => import('./components/signup-screen'), 'SignupScreen', NAMESPACES);
export const ForgetPasswordScreen = lazyNamed(() => import('./components/forget-password-screen'), 'ForgetPasswordScreen', NAMESPACES);
export const VerifyScreen = lazyNamed(() => import('./components/verify-screen'), 'VerifyScreen', NAMESPACES);
export const ChangePasswordScreen = lazyNamed(() => import('./components/change-password-screen'), 'ChangePasswordScreen', NAMESPACES);

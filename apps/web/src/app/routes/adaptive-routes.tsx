import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';
import { paths } from '../../config/paths';

const AdaptiveScreen = lazyNamed(() => import('../../features/adaptive/components/adaptive-screen'), 'AdaptiveScreen', ['adaptive']);

/** The student's adaptive practice (decision 060). */
export const studentAdaptiveRoutes: RouteObject[] = [{ path: paths.adaptive.path, element: <AdaptiveScreen /> }];

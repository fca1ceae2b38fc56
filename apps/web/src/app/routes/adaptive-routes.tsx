import type { RouteObject } from 'react-router';
import { AdaptiveScreen } from '../../features/adaptive/pages';
import { paths } from '../../config/paths';

/** The student's adaptive practice (decision 060). */
export const studentAdaptiveRoutes: RouteObject[] = [{ path: paths.adaptive.path, element: <AdaptiveScreen /> }];

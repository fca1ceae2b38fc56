import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorPage } from './pages/error-page';

export const router = createBrowserRouter([
  { path: '/error', element: <ErrorPage /> },
  { path: '*', element: <Navigate to="/error" replace /> },
]);

import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage, UpdatePasswordPage } from '@/features/auth';
import { HomePage } from '@/features/home';
import { CommunityPage } from '@/features/community';
import { YourDesignsPage } from '@/features/designs';
import { TemplatesPage } from '@/features/templates';
import { RequireSession } from './RequireSession';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/login/:plan', element: <LoginPage /> },
  { path: '/update-password', element: <UpdatePasswordPage /> },
  {
    element: <RequireSession />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/community', element: <CommunityPage /> },
      { path: '/your-designs', element: <YourDesignsPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
]);

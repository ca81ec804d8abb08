import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage, UpdatePasswordPage } from '@/features/auth';
import { CommunityPage } from '@/features/community';
import { YourDesignsPage } from '@/features/designs';
import { OnboardingPage } from '@/features/onboarding';
import { PlaceholderPage } from '@/features/placeholders';
import { TemplatesPage } from '@/features/templates';
import { RequireOnboardedUser } from './RouteGuards';
import { AppShell } from './shell';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/login/:plan', element: <LoginPage /> },
  { path: '/update-password', element: <UpdatePasswordPage /> },
  { path: '/onboarding', element: <OnboardingPage /> },
  {
    element: <RequireOnboardedUser />,
    children: [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <Navigate to="/templates" replace /> },
          { path: '/templates', element: <TemplatesPage /> },
          { path: '/community', element: <CommunityPage /> },
          { path: '/design', element: <PlaceholderPage title="Design" /> },
          { path: '/your-designs', element: <YourDesignsPage /> },
          { path: '/help-center', element: <PlaceholderPage title="Help Center" /> },
          { path: '/subscription', element: <PlaceholderPage title="Subscription" /> },
          { path: '/settings', element: <PlaceholderPage title="Settings" /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
]);

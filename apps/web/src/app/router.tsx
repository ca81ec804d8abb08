import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage, UpdatePasswordPage } from '@/features/auth';
import { OnboardingPage } from '@/features/onboarding';
import { PlaceholderPage } from '@/features/placeholders';
import { HelpCenterPage } from '@/features/help';
import { SettingsPage } from '@/features/settings';
import {
  ManageSubscriptionPage,
  SubscriptionPage,
  TestCheckoutPage,
} from '@/features/subscription';
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
          { path: '/templates', element: <PlaceholderPage title="Templates" /> },
          { path: '/community', element: <PlaceholderPage title="Community" /> },
          { path: '/design', element: <PlaceholderPage title="Design" /> },
          { path: '/your-designs', element: <PlaceholderPage title="Your Designs" /> },
          { path: '/help-center', element: <HelpCenterPage /> },
          { path: '/subscription', element: <SubscriptionPage /> },
          { path: '/subscription/test-checkout', element: <TestCheckoutPage /> },
          { path: '/subscription/manage', element: <ManageSubscriptionPage /> },
          { path: '/settings', element: <SettingsPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
]);

import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage, UpdatePasswordPage } from '@/features/auth';
import { CommunityPage } from '@/features/community';
import { DesignPage } from '@/features/design';
import { YourDesignsPage } from '@/features/designs';
import { EditorPage } from '@/features/editor';
import { HelpCenterPage } from '@/features/help';
import { OnboardingPage } from '@/features/onboarding';
import { SettingsPage } from '@/features/settings';
import {
  ManageSubscriptionPage,
  SubscriptionPage,
  TestCheckoutPage,
} from '@/features/subscription';
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
          { path: '/design', element: <DesignPage /> },
          { path: '/your-designs', element: <YourDesignsPage /> },
          { path: '/help-center', element: <HelpCenterPage /> },
          { path: '/subscription', element: <SubscriptionPage /> },
          { path: '/subscription/test-checkout', element: <TestCheckoutPage /> },
          { path: '/subscription/manage', element: <ManageSubscriptionPage /> },
          { path: '/settings', element: <SettingsPage /> },
        ],
      },
      // The editor has its own full-screen layout (top bar, canvas, right panel), no sidebar.
      { path: '/editor', element: <EditorPage /> },
      { path: '/editor/:templateId', element: <EditorPage /> },
      { path: '/editor/:templateId/generated/:generatedId', element: <EditorPage /> },
      { path: '/editor/community/:templateId', element: <EditorPage /> },
      { path: '/editor/community/:templateId/generated/:generatedId', element: <EditorPage /> },
      { path: '/editor/view/generated/:generatedId', element: <EditorPage /> },
      { path: '/editor/view/:generatedId', element: <EditorPage /> },
      { path: '/editor/view/community/:templateId', element: <EditorPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
]);

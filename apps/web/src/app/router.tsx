import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/FullPageSpinner';

/*
 * Each page is its own chunk, loaded when its route is first visited: the sign-in page does not
 * carry the editor. `lazy` resolves a route's component the first time it matches.
 */
const login = () => import('@/features/auth/LoginPage').then((m) => ({ Component: m.LoginPage }));
const editor = () => import('@/features/editor').then((m) => ({ Component: m.EditorPage }));
const subscription = () => import('@/features/subscription');

export const router = createBrowserRouter([
  {
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/login', lazy: login },
      { path: '/login/:plan', lazy: login },
      {
        path: '/update-password',
        lazy: () =>
          import('@/features/auth/UpdatePasswordPage').then((m) => ({
            Component: m.UpdatePasswordPage,
          })),
      },
      {
        path: '/onboarding',
        lazy: () => import('@/features/onboarding').then((m) => ({ Component: m.OnboardingPage })),
      },
      {
        lazy: () => import('./SignedInArea').then((m) => ({ Component: m.SignedInArea })),
        children: [
          {
            lazy: () => import('./shell').then((m) => ({ Component: m.AppShell })),
            children: [
              { index: true, element: <Navigate to="/templates" replace /> },
              {
                path: '/templates',
                lazy: () =>
                  import('@/features/templates').then((m) => ({ Component: m.TemplatesPage })),
              },
              {
                path: '/community',
                lazy: () =>
                  import('@/features/community').then((m) => ({ Component: m.CommunityPage })),
              },
              {
                path: '/design',
                lazy: () => import('@/features/design').then((m) => ({ Component: m.DesignPage })),
              },
              {
                path: '/your-designs',
                lazy: () =>
                  import('@/features/designs').then((m) => ({ Component: m.YourDesignsPage })),
              },
              {
                path: '/help-center',
                lazy: () =>
                  import('@/features/help').then((m) => ({ Component: m.HelpCenterPage })),
              },
              {
                path: '/help-center/api',
                lazy: () => import('@/features/help').then((m) => ({ Component: m.UseTheApiPage })),
              },
              {
                path: '/subscription',
                lazy: () => subscription().then((m) => ({ Component: m.SubscriptionPage })),
              },
              {
                path: '/subscription/test-checkout',
                lazy: () => subscription().then((m) => ({ Component: m.TestCheckoutPage })),
              },
              {
                path: '/subscription/manage',
                lazy: () => subscription().then((m) => ({ Component: m.ManageSubscriptionPage })),
              },
              {
                path: '/settings',
                lazy: () =>
                  import('@/features/settings').then((m) => ({ Component: m.SettingsPage })),
              },
            ],
          },
          // The editor has its own full-screen layout (top bar, canvas, right panel), no sidebar.
          { path: '/editor', lazy: editor },
          { path: '/editor/:templateId', lazy: editor },
          { path: '/editor/:templateId/generated/:generatedId', lazy: editor },
          { path: '/editor/community/:templateId', lazy: editor },
          { path: '/editor/community/:templateId/generated/:generatedId', lazy: editor },
          { path: '/editor/view/generated/:generatedId', lazy: editor },
          { path: '/editor/view/:generatedId', lazy: editor },
          { path: '/editor/view/community/:templateId', lazy: editor },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
]);

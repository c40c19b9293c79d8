import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './error-page';
import { loadScreenStrings } from '../lib/i18n';
import { redirectIfSignedIn, requireNameStep, requireRole, requireSession } from './guards';
import { LoadingScreen } from './loading-screen';

// Each page is its own chunk: the login page downloads none of the staff screens, nor their words.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const withScreenStrings = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [module] = await Promise.all([load(), loadScreenStrings()]);
  return { Component: module.default };
};

export const router = createBrowserRouter([
  {
    path: '/login',
    loader: redirectIfSignedIn,
    HydrateFallback: LoadingScreen,
    lazy: page(() => import('../features/auth/login-page')),
    errorElement: <ErrorPage />,
  },
  {
    // Before the app: an account signed up by phone gives its name (the app's guard sends it here until it has).
    path: '/welcome',
    loader: requireNameStep,
    HydrateFallback: LoadingScreen,
    lazy: page(() => import('../features/auth/name-step-page')),
    errorElement: <ErrorPage />,
  },
  {
    // Public: a passenger who filed by phone (139) or is signed out follows a complaint here.
    path: '/track',
    HydrateFallback: LoadingScreen,
    lazy: withScreenStrings(() => import('../features/complaints/passenger/public-track-page')),
    errorElement: <ErrorPage />,
  },
  {
    path: '/',
    loader: requireSession,
    lazy: withScreenStrings(async () => ({ default: (await import('./layout/app-layout')).AppLayout })),
    HydrateFallback: LoadingScreen,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: page(() => import('../features/home/home-page')) },
          { path: 'settings', lazy: page(() => import('../features/settings/settings-page')) },
          { path: 'profile', lazy: page(() => import('../features/profile/profile-page')) },
          { path: 'help', lazy: page(() => import('../features/help/help-page')) },
          { path: 'multi-lingual', lazy: page(() => import('../features/languages/multi-lingual-page')) },
          { path: 'real-time-support', lazy: page(() => import('../features/support/support-page')) },
          { path: 'file-complaint', lazy: page(() => import('../features/complaints/filing/file-complaint-page')) },
          { path: 'track-status', lazy: page(() => import('../features/complaints/passenger/track-status-page')) },
          { path: 'complaints', lazy: page(() => import('../features/complaints/passenger/my-complaints-page')) },
          { path: 'complaints/:reference', lazy: page(() => import('../features/complaints/complaint-page')) },
          { path: 'ai-assistance', lazy: page(() => import('../features/assistant/assistant-page')) },
          { path: 'feedback-form', lazy: page(() => import('../features/complaints/passenger/feedback-form-page')) },
          {
            loader: requireRole('staff', 'admin'),
            children: [
              { path: 'dashboard', lazy: page(() => import('../features/complaints/staff/dashboard-page')) },
              { path: 'smart-classification', lazy: page(() => import('../features/classification/classification-page')) },
              { path: 'quick-resolution', handle: { feature: 'quickResolution' }, lazy: page(() => import('../features/solutions/quick-resolution-page')) },
              { path: 'feedback', lazy: page(() => import('../features/feedback/feedback-page')) },
            ],
          },
          {
            loader: requireRole('admin'),
            children: [
              { path: 'staff', handle: { feature: 'staff' }, lazy: page(() => import('../features/staff/staff-page')) },
              { path: 'outbox', lazy: page(() => import('../features/outbox/outbox-page')) },
            ],
          },
        ],
      },
    ],
  },
]);

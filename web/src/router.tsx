import type { ComponentType } from 'react';
import {
  RouterContextProvider,
  createBrowserRouter,
  redirect,
  type ActionFunction,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { ROOT_ROUTE_ID } from './company';
import { paths } from './paths';
import { NotFound } from './routes/root/NotFound';
import {
  BootScreen,
  RootErrorBoundary,
  RootLayout,
  loader as loadEnvironment,
  shouldRevalidate,
} from './routes/root/RootLayout';
import { RouteError } from './routes/root/RouteError';
import { forgetInvalidSession, requireAdmin, requireMember } from './session/guards';
import { globalStoreContext, type GlobalStore } from './session/store';

declare module 'react-router' {
  // Data routers always run middleware; this makes loaders' `context` the typed RouterContextProvider.
  interface Future {
    v8_middleware: true;
  }
}

/**
 * What a screen file under routes/ may export. The router picks these up when the screen is first visited,
 * so filling in a screen (adding its loader or action) never touches this file.
 */
interface ScreenModule {
  default?: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
}

const screen = (load: () => Promise<ScreenModule>) => async () => {
  const { default: Component, loader, action } = await load();
  return { Component, loader, action };
};

/** Routes that only run a loader or an action and then redirect render nothing (and say so to the router). */
const noScreen = null;

const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: paths.home,
    loader: loadEnvironment,
    shouldRevalidate,
    Component: RootLayout,
    HydrateFallback: BootScreen,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // Errors below the root keep the header, banner and footer around the error screen.
        ErrorBoundary: RouteError,
        children: [
          {
            middleware: [forgetInvalidSession],
            children: [
              // The home stays open to signed-in users: it offers them 'Ir para Minha Área'.
              { index: true, lazy: screen(() => import('./routes/public/Home')) },
              // Login, signup and the recovery pages start by forgetting any stored session (a clean slate).
              { path: paths.login, lazy: screen(() => import('./routes/public/Login')) },
              { path: paths.loginGoogle, lazy: screen(() => import('./routes/public/LoginGoogle')) },
              { path: paths.signup, lazy: screen(() => import('./routes/public/Signup')) },
              { path: paths.forgotPassword, lazy: screen(() => import('./routes/public/ForgotPassword')) },
              {
                path: paths.createNewPassword,
                lazy: screen(() => import('./routes/public/CreateNewPassword')),
              },
              {
                path: paths.createNewPasswordSuccess,
                lazy: screen(() => import('./routes/public/CreateNewPasswordSuccess')),
              },
              { path: paths.activate, lazy: screen(() => import('./routes/public/Activate')) },
              { path: paths.signInLink, lazy: screen(() => import('./routes/public/SignInLink')) },
            ],
          },
          { path: paths.answers, lazy: screen(() => import('./routes/public/Answers')) },
          // Legal and trust pages: public, and reading them never forgets a stored session.
          { path: paths.privacy, lazy: screen(() => import('./routes/public/legal/Privacy')) },
          { path: paths.terms, lazy: screen(() => import('./routes/public/legal/Terms')) },
          { path: paths.support, lazy: screen(() => import('./routes/public/legal/Support')) },
          { path: paths.logout, element: noScreen, lazy: screen(() => import('./routes/session/Logout')) },
          {
            middleware: [requireMember],
            children: [
              {
                path: paths.paymentSuccess,
                element: noScreen,
                lazy: screen(() => import('./routes/member/PaymentSuccess')),
              },
              {
                // The areas' layouts load with their first screen (in parallel): kept out of the entry chunk.
                lazy: async () => ({
                  Component: (await import('./routes/member/MemberLayout')).MemberLayout,
                }),
                children: [
                  {
                    path: paths.exercises,
                    lazy: screen(() => import('./routes/member/ArithmeticExercises')),
                  },
                  { path: paths.myPurchases, lazy: screen(() => import('./routes/member/MyPurchases')) },
                  { path: paths.correction, lazy: screen(() => import('./routes/member/Correction')) },
                  {
                    path: paths.correctionReport,
                    lazy: screen(() => import('./routes/member/CorrectionReport')),
                  },
                  { path: paths.turmas, lazy: screen(() => import('./routes/member/Turmas')) },
                  { path: paths.statement, lazy: screen(() => import('./routes/member/Statement')) },
                  { path: paths.myData, lazy: screen(() => import('./routes/member/MyData')) },
                  {
                    path: paths.changePassword,
                    lazy: screen(() => import('./routes/member/ChangePassword')),
                  },
                  { path: paths.addBalance, lazy: screen(() => import('./routes/member/AddBalance')) },
                ],
              },
            ],
          },
          {
            path: paths.admin,
            middleware: [requireAdmin],
            lazy: async () => ({ Component: (await import('./routes/admin/AdminLayout')).AdminLayout }),
            children: [
              { index: true, element: noScreen, loader: () => redirect(paths.adminStats) },
              { path: paths.adminStats, lazy: screen(() => import('./routes/admin/Statistics')) },
              { path: paths.adminUsers, lazy: screen(() => import('./routes/admin/Users')) },
              { path: paths.adminEmails, lazy: screen(() => import('./routes/admin/Emails')) },
              {
                path: paths.adminChangePassword,
                lazy: screen(() => import('./routes/admin/AdminChangePassword')),
              },
              { path: paths.adminLogs, lazy: screen(() => import('./routes/admin/Logs')) },
            ],
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

/** Loaders, actions and middleware reach the global store through the router context. */
export function createAppRouter(store: GlobalStore) {
  return createBrowserRouter(routes, {
    getContext: () => new RouterContextProvider(new Map([[globalStoreContext, store]])),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useOfflineSender } from '../../features/complaints/filing/use-offline-sender';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications';
import { isLanguage, setLanguage, takeSignedOutChoice } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { applyTheme, currentTheme } from '../../lib/theme';
import { Sidebar } from './sidebar';
import { chooseLanguage } from './language-switch';
import { TopBar } from './top-bar';

const WIDE = '(min-width: 1024px)';

export function AppLayout() {
  const me = useMe();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Open by default (the original prototype); on a phone the menu is a drawer that starts closed.
  const [open, setOpen] = useState(() => window.matchMedia(WIDE).matches);

  // On a phone, following a link closes the drawer. And when a navigation took the focused element away (the
  // sign-in button, a form's submit), the focus starts again at the top, as on a new page: the next Tab is the
  // skip link, not somewhere in the middle of the new screen.
  const top = useRef<HTMLDivElement>(null);
  // The shell renders once the account is known: run again then, when the top of the page exists.
  const signedIn = Boolean(me);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose at each navigation
  useEffect(() => {
    if (!window.matchMedia(WIDE).matches) setOpen(false);
    if (document.activeElement === document.body || !document.activeElement?.isConnected) top.current?.focus({ preventScroll: true });
  }, [location.pathname, signedIn]);

  // The account's saved theme and language win over what this browser last used, except a language picked on the
  // login page just now: the account takes that one.
  const theme = me?.settings.theme;
  const language = me?.settings.language;
  const client = useQueryClient();
  useEffect(() => {
    if (theme && theme !== currentTheme()) applyTheme(theme);
  }, [theme]);
  useEffect(() => {
    if (!language) return;
    const choseJustNow = takeSignedOutChoice();
    if (language === i18n.language) return;
    if (choseJustNow && isLanguage(i18n.language)) void chooseLanguage(i18n.language, true, client);
    else void setLanguage(language);
  }, [language, i18n, client]);

  const close = useCallback(() => setOpen(false), []);
  if (!me) return null;

  return (
    <div className="min-h-dvh">
      <div ref={top} tabIndex={-1} data-focus-start className="outline-none" />
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900">
        {t('nav.skipToContent')}
      </a>
      <Background userId={me.id} />
      <TopBar me={me} sidebarOpen={open} onToggleSidebar={() => setOpen((v) => !v)} />
      <div className="flex">
        <Sidebar role={me.role} open={open} onClose={close} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}

/**
 * The tab's socket and the phone's waiting complaints, in a part of their own that draws nothing: when the socket
 * arrives (it loads after the page is up), only this re-renders, not the whole screen.
 */
function Background({ userId }: { userId: string }) {
  useLiveNotifications(userId);
  useOfflineSender(userId);
  return null;
}

import type { Me } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { LanguageSwitch } from './language-switch';
import { NotificationsBell } from './notifications-bell';
import { TextSizeButton } from './text-size';
import { UserMenu } from './user-menu';

export function TopBar({ me, sidebarOpen, onToggleSidebar }: { me: Me; sidebarOpen: boolean; onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        aria-label={sidebarOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Icon name="menu" className="size-6" />
      </button>
      <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-brand-700 dark:text-amber-300">
        <img src="/logo.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
        <span className="line-clamp-2 text-[15px] leading-tight sm:text-lg">{t('app.title')}</span>
      </Link>
      <div className="ms-auto flex items-center gap-1">
        <TextSizeButton />
        <LanguageSwitch me={me} />
        <NotificationsBell />
        <UserMenu me={me} />
      </div>
    </header>
  );
}

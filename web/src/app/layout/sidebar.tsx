import type { Role } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { navFor } from '../navigation';

export function Sidebar({ role, open, onClose }: { role: Role; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const items = navFor(role);
  return (
    <>
      {open && <div className="fixed inset-0 top-14 z-20 bg-slate-900/40 lg:hidden" onClick={onClose} aria-hidden="true" />}
      <nav
        id="sidebar"
        aria-label={t('nav.label')}
        hidden={!open}
        className="fixed inset-y-0 start-0 top-14 z-30 w-64 shrink-0 overflow-y-auto border-e border-slate-200 bg-white p-3 lg:sticky lg:h-[calc(100dvh-3.5rem)] dark:border-slate-800 dark:bg-slate-900"
      >
        {/* A closed drawer (a phone's first screen) draws none of its links: less work before the page is usable. */}
        {open && (
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) =>
                  `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                    isActive
                      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-amber-300'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                  }`
                }
              >
                <Icon name={item.icon} />
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        )}
      </nav>
    </>
  );
}

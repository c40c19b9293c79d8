import type { Me } from '@railmadad/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { signOut } from '../../lib/session';
import { usePopover } from '../../lib/use-dismiss';

export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { open, ref, close, toggle } = usePopover();
  const client = useQueryClient();
  const navigate = useNavigate();

  const logout = async () => {
    close();
    await signOut(client);
    navigate('/login', { replace: true });
  };

  const item = 'flex min-h-11 w-full items-center gap-3 px-4 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800';
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={t('userMenu.label', { name: me.name })}
        className="grid size-11 place-items-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <img src={me.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
      </button>
      {open && (
        <div className="absolute end-0 top-full z-50 mt-1 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <p className="truncate font-semibold">{me.name}</p>
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">{t(`roles.${me.role}`)}</p>
          </div>
          <Link to="/profile" onClick={close} className={item}>
            <Icon name="user" />
            {t('userMenu.profile')}
          </Link>
          <Link to="/settings" onClick={close} className={item}>
            <Icon name="settings" />
            {t('userMenu.settings')}
          </Link>
          <button type="button" onClick={logout} className={`${item} font-semibold text-red-700 dark:text-red-400`}>
            <Icon name="logout" />
            {t('userMenu.logout')}
          </button>
        </div>
      )}
    </div>
  );
}

import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/field';
import { Icon } from '../../components/ui/icons';

/** A password input with the original prototype's show/hide toggle. */
export function PasswordField({ label, error, ...rest }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      error={error}
      type={visible ? 'text' : 'password'}
      {...rest}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          className="grid size-10 place-items-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { nameStepPath } from '../../app/guards';
import { homeFor } from '../../app/navigation';
import { Banner, type BannerMessage } from '../../components/ui/banner';
import { refetchMe } from '../../lib/session';
import { AuthFrame } from './auth-frame';
import { NewPasswordForm } from './new-password-form';
import { PhoneForm } from './phone-form';
import { ResetForm } from './reset-form';
import { SignInForm } from './sign-in-form';
// Sign-up carries the form schema (zod); most visits never open it, so it loads on demand.
const SignUpForm = lazy(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm })));
import { TwoFactorForm } from './two-factor-form';

export type LoginView = 'signIn' | 'reset' | 'phone' | 'signUp' | 'twoFactor' | 'newPassword';

export type ViewProps = {
  show: (message: BannerMessage) => void;
  go: (view: LoginView) => void;
  /** Called once a session exists: loads the person and takes them where they belong. */
  finish: (delayMs?: number) => Promise<void>;
};

const TITLES: Record<LoginView, string> = {
  signIn: 'auth.signInTitle',
  reset: 'auth.resetTitle',
  phone: 'auth.phoneTitle',
  signUp: 'auth.signUpTitle',
  twoFactor: 'auth.twoFactorTitle',
  newPassword: 'auth.newPasswordTitle',
};

export default function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<LoginView>(params.get('token') ? 'newPassword' : 'signIn');
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);
  const navigate = useNavigate();
  const client = useQueryClient();

  // Messages carried back by links: e-mail verified, Google failed, reset link broken.
  useEffect(() => {
    if (params.get('verified') === '1') {
      setMessage(params.get('error') ? { kind: 'error', text: t('auth.errors.invalidToken') } : { kind: 'success', text: t('auth.emailVerified') });
    } else if (params.get('error') === 'google') {
      setMessage({ kind: 'error', text: t('auth.errors.googleFailed') });
    } else if (params.get('error')) {
      setMessage({ kind: 'error', text: t('auth.errors.invalidToken') });
    }
  }, [params, t]);

  const finish = useCallback(
    async (delayMs = 0) => {
      const me = await refetchMe(client);
      if (!me) return;
      const next = params.get('next');
      const target = next?.startsWith('/') && !next.startsWith('//') ? next : homeFor(me.role);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      // A phone sign-up without a name yet gives one before the app (the app's guard would send it there anyway).
      navigate(me.needsName ? nameStepPath(new URL(target, window.location.origin)) : target, { replace: true });
    },
    [client, navigate, params],
  );

  const go = useCallback(
    (next: LoginView) => {
      setView(next);
      if (next !== 'newPassword' && params.has('token')) setParams({}, { replace: true });
    },
    [params, setParams],
  );

  const props: ViewProps = { show: setMessage, go, finish };

  return (
    <AuthFrame
      me={null}
      tagline={t('auth.tagline')}
      below={
        <footer className="mt-6 text-center text-xs text-slate-700 dark:text-slate-400">
          <p>{t('auth.footer')}</p>
          <details className="mt-2">
            <summary className="inline-flex min-h-11 cursor-pointer items-center underline">{t('auth.termsAndPrivacy')}</summary>
            <div className="mt-2 space-y-2 text-start">
              <p>{t('auth.termsText')}</p>
              <p>{t('auth.privacyText')}</p>
            </div>
          </details>
          <p className="mt-2">
            <Link to="/track" className="inline-flex min-h-11 items-center font-medium underline">
              {t('auth.trackWithoutSignIn')}
            </Link>
          </p>
          <p className="mt-2">{t('auth.helpline')}</p>
        </footer>
      }
    >
      <h1 className="mb-4 text-xl font-bold">{t(TITLES[view])}</h1>
      <div className="mb-4">
        <Banner message={message} onClear={clear} />
      </div>
      {view === 'signIn' && <SignInForm {...props} />}
      {view === 'reset' && <ResetForm {...props} />}
      {view === 'phone' && <PhoneForm {...props} />}
      {view === 'signUp' && (
        <Suspense fallback={<p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}>
          <SignUpForm {...props} />
        </Suspense>
      )}
      {view === 'twoFactor' && <TwoFactorForm {...props} />}
      {view === 'newPassword' && <NewPasswordForm {...props} token={params.get('token') ?? ''} />}
    </AuthFrame>
  );
}

/** The "Back to Login" link every secondary view has. */
export function BackToLogin({ go }: { go: ViewProps['go'] }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={() => go('signIn')} className="mt-4 min-h-11 w-full text-center text-sm font-medium text-brand-700 hover:underline dark:text-amber-300">
      ← {t('auth.backToLogin')}
    </button>
  );
}

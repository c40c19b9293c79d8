import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/card';
import { useMe } from '../../lib/session';
import { DeleteAccount } from './delete-account';
import { ProfileCard } from './profile-card';
import { TwoFactorCard } from './two-factor-card';

export default function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params] = useSearchParams();
  if (!me) {
    return (
      <p className="p-6 text-center">
        {t('profile.signInToView')}{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline dark:text-amber-300">
          {t('auth.signInTitle')}
        </Link>
      </p>
    );
  }
  // A first Google sign-in arrives with ?newUser=true and no gender yet: straight to editing.
  const startEditing = params.get('newUser') === 'true' && !me.gender;
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={startEditing ? t('profile.completeProfile') : undefined} />
      <div className="space-y-4">
        <ProfileCard me={me} startEditing={startEditing} />
        <TwoFactorCard me={me} />
        <DeleteAccount me={me} />
      </div>
    </>
  );
}

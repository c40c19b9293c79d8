import { isStaffRole } from '@railmadad/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/card';
import { useMe } from '../../lib/session';

// A passenger never downloads the agent console, nor an agent the passenger's start panel.
const PassengerSupport = lazy(() => import('./passenger/passenger-support'));
const StaffSupport = lazy(() => import('./staff/staff-support'));

/** /real-time-support: the passenger's live help, or the staff's support center and console. */
export default function SupportPage() {
  const { t } = useTranslation();
  const me = useMe();
  return <Suspense fallback={<Spinner label={t('common.loading')} />}>{isStaffRole(me?.role) ? <StaffSupport /> : <PassengerSupport />}</Suspense>;
}

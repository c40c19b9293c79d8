import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/card';

// Placeholder: replaced by the real screen in this same change.
export default function Page() {
  const { t } = useTranslation();
  return <PageHeader title={t('common.loading')} />;
}

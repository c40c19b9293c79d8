import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, PageHeader } from '../../components/ui/card';
import { Icon } from '../../components/ui/icons';
import { publicConfigQuery } from '../auth/api';

const FAQS = ['file', 'track', 'language'] as const;

export default function HelpPage() {
  const { t } = useTranslation();
  const config = useQuery(publicConfigQuery).data;
  const email = config?.supportEmail;
  return (
    <>
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <div className="flex gap-3">
            <Icon name="book" className="size-8 shrink-0 text-brand-700 dark:text-amber-300" />
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <h2 className="text-lg font-semibold">{t('help.docsTitle')}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('help.docsBody')}</p>
              <ul className="mt-3 space-y-1 text-sm">
                <li>
                  <Link className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-amber-300" to="/file-complaint">
                    {t('help.docsFile')}
                  </Link>
                </li>
                <li>
                  <Link className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-amber-300" to="/track-status">
                    {t('help.docsTrack')}
                  </Link>
                </li>
              </ul>
            </div>
          </div>
        </Card>
        <Card>
          <div className="flex gap-3">
            <Icon name="phone" className="size-8 shrink-0 text-brand-700 dark:text-amber-300" />
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <h2 className="text-lg font-semibold">{t('help.contactTitle')}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('help.contactBody')}</p>
              <p className="mt-3">
                <a href="tel:139" className="inline-flex min-h-11 items-center gap-2 text-lg font-bold text-brand-700 dark:text-amber-300">
                  {t('help.helpline')}
                </a>
              </p>
              {email && (
                <p>
                  <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 hover:underline dark:text-amber-300">
                    <Icon name="mail" />
                    {email}
                  </a>
                </p>
              )}
            </div>
          </div>
        </Card>
      </div>
      <Card title={t('help.faqTitle')} className="mt-4">
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          {FAQS.map((key) => (
            <details key={key} className="group py-2">
              <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 font-medium">
                {t(`help.faq.${key}.q`)}
                <span aria-hidden="true" className="transition group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <p className="pb-2 text-slate-700 dark:text-slate-300">{t(`help.faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </Card>
    </>
  );
}

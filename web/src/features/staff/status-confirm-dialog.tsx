import type { StaffMember, StaffPatchResult } from '@railmadad/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useUpdateStaff } from './api';
import { Modal } from '../../components/ui/modal';

/** Deactivate (active or on leave → inactive) or reactivate (inactive → active), after saying what follows. */
export function StatusConfirmDialog({ member, onClose, onDone }: { member: StaffMember; onClose: () => void; onDone: (result: StaffPatchResult) => void }) {
  const { t } = useTranslation();
  const update = useUpdateStaff();
  const [failed, setFailed] = useState<string | null>(null);
  const deactivating = member.status !== 'inactive';
  const confirm = () => {
    setFailed(null);
    update.mutate(
      { id: member.id, body: { status: deactivating ? 'inactive' : 'active' } },
      {
        onSuccess: onDone,
        onError: (error) => setFailed(error instanceof ApiError && error.code === 'network' ? t('errors.network') : t('staffPage.form.failed')),
      },
    );
  };
  return (
    <Modal
      size="sm"
      title={deactivating ? t('staffPage.confirm.deactivateTitle', { name: member.name }) : t('staffPage.confirm.reactivateTitle', { name: member.name })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} busy={update.isPending} onClick={confirm}>
            {deactivating ? t('staffPage.confirm.deactivate') : t('staffPage.confirm.reactivate')}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        {deactivating ? (
          <>
            <p>{t('staffPage.confirm.deactivateBody')}</p>
            <p className="font-medium">
              {member.activeComplaints > 0 ? t('staffPage.confirm.openComplaints', { count: member.activeComplaints }) : t('staffPage.confirm.noOpenComplaints')}
            </p>
          </>
        ) : (
          <p>{t('staffPage.confirm.reactivateBody')}</p>
        )}
        {failed && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {failed}
          </p>
        )}
      </div>
    </Modal>
  );
}

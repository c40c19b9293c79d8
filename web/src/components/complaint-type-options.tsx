import { COMPLAINT_TYPES } from '@railmadad/contract';
import { useTranslation } from 'react-i18next';

/** The 16 complaint types as <option>s, labelled in the reader's language. */
export function ComplaintTypeOptions() {
  const { t } = useTranslation();
  return COMPLAINT_TYPES.map((type) => (
    <option key={type} value={type}>
      {t(`complaintTypes.${type}`)}
    </option>
  ));
}

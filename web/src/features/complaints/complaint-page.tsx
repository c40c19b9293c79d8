import { isStaffRole } from '@railmadad/contract';
import { useParams } from 'react-router';
import { useMe } from '../../lib/session';
import { PassengerComplaintView } from './passenger/passenger-complaint-view';
import { StaffComplaintView } from './staff/staff-complaint-view';

/** One address per complaint (links in SMS, e-mail and the bell); staff get the working view. */
export default function ComplaintPage() {
  const { reference = '' } = useParams();
  const me = useMe();
  if (!me) return null;
  return isStaffRole(me.role) ? <StaffComplaintView reference={reference.toUpperCase()} /> : <PassengerComplaintView reference={reference.toUpperCase()} />;
}

// Placeholder: replaced by the real screen in this same change.
export function StaffComplaintView({ reference }: { reference: string }) {
  return <p>{reference}</p>;
}

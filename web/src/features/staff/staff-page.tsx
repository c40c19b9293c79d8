import UpcomingPage from '../upcoming/upcoming-page';

// Replaced by the real screen in the operations work (issue 4).
export default function Page() {
  return <UpcomingPage />;
}

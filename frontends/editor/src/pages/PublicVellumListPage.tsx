import { useParams } from 'react-router-dom';
import { CirrusVellums } from '../lists/CirrusVellums';
import '../styles/lists.css';

/** /cirrus/{username}/vellums/public: anyone may read a user's public vellums. */
export default function PublicVellumListPage() {
  const { username = '' } = useParams();
  return <CirrusVellums key={username} username={username} publicOnly />;
}

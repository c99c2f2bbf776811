import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSession } from '@vellum/ui/core';
import { FollowedVellums } from './FollowedVellums';
import { OpenActions } from './OpenActions';
import { RecentVellums } from './RecentVellums';
import { UnreadConversations } from './UnreadConversations';

/**
 * The signed-in Hall's sections (HallPage is a lazy section of its own, so the welcome page does not grow):
 * each makes its one request, and each loads, fails or stays empty on its own.
 */
export default function HallSections() {
  const { signedCirrus } = useSession();
  if (!signedCirrus) return null;
  const { username } = signedCirrus;
  return (
    <Row xs={1} lg={2} className="g-4" key={username}>
      <Col>
        <RecentVellums username={username} />
      </Col>
      <Col>
        <OpenActions username={username} />
      </Col>
      <Col>
        <UnreadConversations username={username} />
      </Col>
      <Col>
        <FollowedVellums username={username} />
      </Col>
    </Row>
  );
}

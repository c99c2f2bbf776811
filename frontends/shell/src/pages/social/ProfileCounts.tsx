import { Link } from 'react-router-dom';
import { paths } from '@vellum/ui/core';
import type { FollowStatus } from './socialApi';

const number = new Intl.NumberFormat('en-US');

/** '1 Follower' / '12 Followers' and '3 Following', each a link to its list. */
export function ProfileCounts({ username, status }: { username: string; status: FollowStatus }) {
  return (
    <p className="d-flex gap-3 mb-2">
      <Link to={paths.followers(username)}>
        <strong>{number.format(status.followers)}</strong> {status.followers === 1 ? 'Follower' : 'Followers'}
      </Link>
      <Link to={paths.following(username)}>
        <strong>{number.format(status.followingCount)}</strong> Following
      </Link>
    </p>
  );
}

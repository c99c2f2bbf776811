import Button from 'react-bootstrap/Button';

export interface FollowButtonProps {
  following: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** Follow / Unfollow on a profile, for signed-in visitors other than its owner. */
export function FollowButton({ following, busy, onToggle }: FollowButtonProps) {
  return (
    <Button variant={following ? 'outline-secondary' : 'info'} size="sm" disabled={busy} onClick={onToggle}>
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

import { Link } from 'react-router-dom';
import Dropdown from 'react-bootstrap/Dropdown';
import { Avatar, paths, useSession } from '@vellum/ui/core';

/** The signed-in user's menu: My Cirrus, Edit Profile (issue 18), Edit My Vielink, sign out (spec section 2). */
export function SignatureMenu() {
  const { signedCirrus, signOut } = useSession();
  if (!signedCirrus) return null;
  const { username, displayName, image } = signedCirrus;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="light"
        id="signature-menu"
        className="d-flex align-items-center gap-2"
        aria-label="Signature menu"
      >
        <Avatar username={username} image={image} size={28} />
        <span className="d-none d-md-inline">{displayName || username}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to={paths.cirrus(username)}>
          My Cirrus
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.editCirrus(username)}>
          Edit Profile
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.link(username)}>
          Edit My Vielink
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void signOut()}>
          Sign Out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

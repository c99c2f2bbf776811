import { NavLink } from 'react-router-dom';
import { Nav, Offcanvas, paths, useSession } from '@vellum/ui';

export interface SidePanelEntry {
  label: string;
  to: string;
  /** Entries the spec lists as hidden: present, never shown. */
  hidden?: boolean;
}

export function sidePanelEntries(username: string): SidePanelEntry[] {
  const base = paths.cirrus(username);
  return [
    { label: 'My Vellums', to: paths.vellums(username) },
    // The create-empty variant (spec section 2): the editor creates an empty vellum and opens it.
    { label: 'New Vellum', to: `${paths.newVellum()}?empty=1` },
    { label: 'Messenger', to: paths.messenger() },
    { label: 'Search', to: paths.search() },
    { label: 'New Action', to: paths.newAction(username) },
    { label: 'My Actions', to: paths.actions(username) },
    { label: 'My Public Vellums', to: paths.publicVellums(username) },
    { label: 'Discover Vellums', to: paths.discover() },
    { label: 'New Product', to: `${base}/new_product`, hidden: true },
    { label: 'My Product Subscriptions', to: `${base}/subscriptions`, hidden: true },
    { label: 'New Org', to: `${base}/new_org`, hidden: true },
    { label: 'My Orgs', to: `${base}/orgs`, hidden: true },
  ];
}

export interface SidePanelProps {
  show: boolean;
  onHide(): void;
}

/** Signed-in users only; opened and closed from the top bar. */
export function SidePanel({ show, onHide }: SidePanelProps) {
  const { signedCirrus } = useSession();
  if (!signedCirrus) return null;
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="start"
      id="side-panel"
      aria-labelledby="side-panel-title"
    >
      <Offcanvas.Header closeButton closeLabel="Close the side panel">
        <Offcanvas.Title id="side-panel-title" as="h2" className="h5">
          {signedCirrus.displayName || signedCirrus.username}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <Nav as="nav" aria-label="Side panel" className="flex-column" data-testid="side-panel">
          {sidePanelEntries(signedCirrus.username).map((entry) => (
            <Nav.Link key={entry.label} as={NavLink} to={entry.to} end hidden={entry.hidden} onClick={onHide}>
              {entry.label}
            </Nav.Link>
          ))}
        </Nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}

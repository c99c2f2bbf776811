// The design system: Bootstrap 5 through react-bootstrap, whose variants carry the spec's words (danger, info,
// light). Remotes take these from @vellum/ui so that one copy is loaded.
export { default as Alert } from 'react-bootstrap/Alert';
export { default as Badge } from 'react-bootstrap/Badge';
export { default as Button } from 'react-bootstrap/Button';
export { default as Card } from 'react-bootstrap/Card';
export { default as CloseButton } from 'react-bootstrap/CloseButton';
export { default as Col } from 'react-bootstrap/Col';
export { default as Container } from 'react-bootstrap/Container';
export { default as Dropdown } from 'react-bootstrap/Dropdown';
export { default as Form } from 'react-bootstrap/Form';
export { default as InputGroup } from 'react-bootstrap/InputGroup';
export { default as ListGroup } from 'react-bootstrap/ListGroup';
export { default as Modal } from 'react-bootstrap/Modal';
export { default as Nav } from 'react-bootstrap/Nav';
export { default as Navbar } from 'react-bootstrap/Navbar';
export { default as Offcanvas } from 'react-bootstrap/Offcanvas';
export { default as Row } from 'react-bootstrap/Row';
export { default as Spinner } from 'react-bootstrap/Spinner';
export { default as Table } from 'react-bootstrap/Table';
export { default as Toast } from 'react-bootstrap/Toast';

export type Variant = 'danger' | 'info' | 'light' | 'success' | 'warning' | 'secondary' | 'primary';

import type { ComponentType } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useTitle } from '@vellum/ui/core';
import { AboutVellum } from './info/AboutVellum';
import { CommunityRules } from './info/CommunityRules';
import { GettingStarted } from './info/GettingStarted';
import { PrivacyPolicy } from './info/PrivacyPolicy';
import { SupportInfo } from './info/SupportInfo';
import { TermsOfService } from './info/TermsOfService';
import { VersionInfo } from './info/VersionInfo';

export type InfoPageName = 'about' | 'version' | 'start' | 'support' | 'privacy' | 'terms' | 'rules';

const PAGES: Record<InfoPageName, { title: string; Body: ComponentType }> = {
  about: { title: 'About Vellum', Body: AboutVellum },
  version: { title: 'Version', Body: VersionInfo },
  start: { title: 'Getting Started', Body: GettingStarted },
  support: { title: 'Contact and Support', Body: SupportInfo },
  privacy: { title: 'Privacy Policy', Body: PrivacyPolicy },
  terms: { title: 'Terms of Service', Body: TermsOfService },
  rules: { title: 'Community Rules', Body: CommunityRules },
};

/**
 * The informational pages: /vellum/about, /vellum/version, /vellum/start, /vellum/support, /vellum/privacy,
 * and the legal pages /terms, /rules and /privacy (the same privacy page as /vellum/privacy).
 */
export default function InfoPage({ page }: { page: InfoPageName }) {
  const { title, Body } = PAGES[page];
  useTitle(title);
  return (
    <Container as="article" className="py-5">
      <Row className="justify-content-center">
        <Col lg={9} xl={8}>
          <Body />
        </Col>
      </Row>
    </Container>
  );
}

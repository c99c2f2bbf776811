import { socialApiSuite } from '../../social/test/support/social-api.suite';
import { describeEmbedded } from './embedded.harness';

describeEmbedded('social through the gateway, embedded', (url) => socialApiSuite(url));

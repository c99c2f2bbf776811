import { socialApiSuite } from '@vellum/social/test-support';
import { describeEmbedded } from './embedded.harness';

describeEmbedded('social through the gateway, embedded', (url) => socialApiSuite(url));

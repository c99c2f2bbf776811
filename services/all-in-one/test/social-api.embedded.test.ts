import { socialApiSuite } from '@vellum/platform/test-support';
import { describeEmbedded } from './embedded.harness';

describeEmbedded('social through the gateway, embedded', (url) => socialApiSuite(url));

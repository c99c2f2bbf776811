import { profileApiSuite } from '@vellum/identity/test-support';
import { describeEmbedded } from './embedded.harness';

/** Profile editing through the gateway of the embedded product, and the new name in every service's answers. */
describeEmbedded('profile editing through the gateway, embedded', (url) => profileApiSuite(url));

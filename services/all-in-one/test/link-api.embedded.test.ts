import { describeEmbedded } from './embedded.harness';
import { linkApiSuite } from '@vellum/link/test-support';

/** The link calls through the gateway of the embedded product (the Postgres adapter on PGlite, in-process bus). */
describeEmbedded('links through the gateway, embedded', (url) => linkApiSuite(url));

import path from 'node:path';
import { describeRemoteContract } from '@vellum/ui/test-support';
import { EXPOSED_PAGES } from '../exposes';

describeRemoteContract({
  name: 'editor',
  dir: path.join(__dirname, '..'),
  exposes: EXPOSED_PAGES,
  shellDir: path.join(__dirname, '../../shell'),
});

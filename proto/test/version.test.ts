import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_VERSION } from '../src';

describe('the product version', () => {
  it('is written once and the root package.json agrees', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(PRODUCT_VERSION).toBe('24.10.0');
    expect(pkg.version).toBe(PRODUCT_VERSION);
  });
});

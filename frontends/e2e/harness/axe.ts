import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (or in one part of it) and returns the serious and critical violations, WCAG 2.2's
 * target size included (a rule axe leaves off by default; Lighthouse's accessibility score counts it).
 */
export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, {
      rules: { 'target-size': { enabled: true } },
    });
    return result.violations as Array<{
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: string[] }>;
    }>;
  }, include);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

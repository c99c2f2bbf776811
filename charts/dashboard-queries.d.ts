// The types of dashboard-queries.js, for the TypeScript tests that read the dashboards (the topology test).

export interface DashboardQuery {
  /** Which dashboard, panel or variable, and which of its queries: for a failure's message. */
  where: string;
  id: string;
  /** A panel's PromQL; a variable's selector. */
  expr: string;
  legend?: string;
  /** A variable's label (label_values(<selector>, <label>)); none for a panel's query. */
  label?: string;
}

export interface Selector {
  name: string;
  matchers: Array<{ label: string; op: string; value: string }>;
}

export const DASHBOARDS_DIR: string;
export const DASHBOARD_FILES: string[];
export const RULE_FILES: string[];
export const SAMPLE_VARIABLES: Record<string, string>;
export const FAILURES_ONLY: Set<string>;
export const dashboards: Array<{ file: string; json: Record<string, unknown> }>;
export function panelsOf(dashboard: unknown): Array<Record<string, unknown>>;
export const queries: DashboardQuery[];
export function substitute(expr: string, values: Record<string, string>): string;
export function analyse(expr: string): {
  selectors: Selector[];
  groupings: Array<{ keyword: string; labels: string[] }>;
  bare: string[];
};
export function familyOf(name: string): string;
export function quietByHealth(expr: string, alsoQuiet?: (name: string) => boolean): boolean;
export function ruleFilesIn(dir: string, namespace: string): string[];

import { operations, type Operation } from '@vellum/proto/openapi';
import { grid, tables, type Row, type Table } from './expectations';
import { ACTORS, VARIANTS, type Actor, type Variant, type World } from './world';

/** One call of the matrix: an operation, the id it is given, who calls, and the status the row expects. */
export interface Cell {
  /** `GET /api/vellum/{id} · privateVellum · stranger` */
  name: string;
  op: Operation;
  row: Row;
  variant: Variant;
  actor: Actor;
  expected: number;
  writes: boolean;
  /** 0 for most; a successful call that ends what later cells use runs at its row's `late`. */
  level: 0 | 1 | 2 | 3;
}

export const operationName = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toUpperCase()} ${op.path}`;

/** Every row of every table, by operationId, with the table it is in. */
function rowsById(all: Readonly<Record<string, Table>>) {
  const rows = new Map<string, { service: string; row: Row }>();
  for (const [service, table] of Object.entries(all)) {
    for (const [operationId, row] of Object.entries(table)) rows.set(operationId, { service, row });
  }
  return rows;
}

/**
 * What keeps the tables and the operations together: operations without a row, rows that name no operation, rows in
 * another service's table, and variants that do not fit the operation (an operation with path parameters is tried
 * with ids; one without them with `none` only, or with ids its body carries).
 */
export function coverageProblems(
  ops: readonly Operation[] = operations,
  all: Readonly<Record<string, Table>> = tables,
): string[] {
  const rows = rowsById(all);
  const problems: string[] = [];
  for (const op of ops) {
    const found = rows.get(op.operationId);
    if (!found) {
      problems.push(`${operationName(op)} (${op.operationId}): no row in expectations/`);
      continue;
    }
    const owner = op.owner === 'gateway' ? 'identity' : op.owner;
    if (found.service !== owner)
      problems.push(`${op.operationId}: in ${found.service}'s table, not ${owner}'s`);
    const variants = Object.keys(found.row.expect) as Variant[];
    if (variants.length === 0) problems.push(`${op.operationId}: no variant`);
    const takesIds = Object.keys(op.pathParameters ?? {}).length > 0;
    for (const v of variants) {
      if (!VARIANTS.includes(v)) problems.push(`${op.operationId}: unknown variant ${v}`);
      if (takesIds && v === 'none') problems.push(`${op.operationId}: takes ids, tried with none`);
      if (!takesIds && v !== 'none' && !found.row.body) {
        problems.push(`${op.operationId}: takes no id, yet tried with ${v}`);
      }
      try {
        grid(found.row.expect[v]!);
      } catch (error) {
        problems.push(`${op.operationId} ${v}: ${(error as Error).message}`);
      }
    }
  }
  for (const [operationId] of rows) {
    if (!ops.some((op) => op.operationId === operationId))
      problems.push(`${operationId}: a row naming no operation`);
  }
  return problems;
}

/** The cells: every operation × each variant of its row × every actor. */
export function cellsOf(ops: readonly Operation[] = operations, all = tables): Cell[] {
  const rows = rowsById(all);
  return ops.flatMap((op) => {
    const { row } = rows.get(op.operationId)!;
    const writes = row.writes ?? op.method !== 'get';
    return (Object.keys(row.expect) as Variant[]).flatMap((variant) => {
      const expected = grid(row.expect[variant]!);
      return ACTORS.map((actor): Cell => {
        const status = expected[actor];
        const succeeds = status >= 200 && status < 400;
        return {
          name: `${operationName(op)} · ${variant} · ${actor}`,
          op,
          row,
          variant,
          actor,
          expected: status,
          writes,
          level: succeeds && row.late ? row.late : 0,
        };
      });
    });
  });
}

/** The path a cell calls, its parameters filled from the world, with the row's query. */
export function pathOf(cell: Cell, w: World): string {
  const names = Object.keys(cell.op.pathParameters ?? {});
  const params: Record<string, string> = cell.row.path
    ? cell.row.path(w, cell.variant)
    : names.length === 1
      ? { [names[0]!]: w.values[cell.variant] }
      : {};
  const path = cell.op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${cell.name}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return cell.row.query ? `${path}?${cell.row.query}` : path;
}

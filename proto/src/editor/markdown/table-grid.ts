import type { VellumNode } from '../validate';

export interface GridCell {
  /** The cell whose content shows here; null where a merged cell spans (written as an empty cell). */
  node: VellumNode | null;
}

/**
 * A table as the rectangle Markdown needs. A merged cell keeps its content in its first (top left) position and
 * the positions it spans are empty cells; rows are padded to the widest row.
 */
export function tableGrid(table: VellumNode): GridCell[][] {
  const rows = table.content ?? [];
  const grid: GridCell[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row.content ?? []) {
      while (grid[r]![c]) c++;
      const colspan = Math.max(1, Number(cell.attrs?.colspan ?? 1) || 1);
      const rowspan = Math.max(1, Number(cell.attrs?.rowspan ?? 1) || 1);
      for (let dr = 0; dr < rowspan && r + dr < rows.length; dr++) {
        for (let dc = 0; dc < colspan; dc++)
          grid[r + dr]![c + dc] = { node: dr === 0 && dc === 0 ? cell : null };
      }
      c += colspan;
    }
  });
  const width = Math.max(0, ...grid.map((row) => row.length));
  return grid.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? { node: null }));
}

import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Dropdown } from '@vellum/ui';

type Chain = ReturnType<Editor['chain']>;

/** Runs the action (focused), or only asks whether it could run. */
const on = (editor: Editor, run: boolean): Chain => (run ? editor.chain().focus() : editor.can().chain());

/** Every table action of spec section 2 (a new table is 2x2 with a header row), each enabled where it applies. */
export const TABLE_ACTIONS: ReadonlyArray<{ label: string; apply(chain: Chain): Chain }> = [
  { label: 'Insert Table', apply: (c) => c.insertTable({ rows: 2, cols: 2, withHeaderRow: true }) },
  { label: 'Delete Table', apply: (c) => c.deleteTable() },
  { label: 'Add Column Before', apply: (c) => c.addColumnBefore() },
  { label: 'Add Column After', apply: (c) => c.addColumnAfter() },
  { label: 'Delete Column', apply: (c) => c.deleteColumn() },
  { label: 'Add Row Before', apply: (c) => c.addRowBefore() },
  { label: 'Add Row After', apply: (c) => c.addRowAfter() },
  { label: 'Delete Row', apply: (c) => c.deleteRow() },
  { label: 'Merge Cells', apply: (c) => c.mergeCells() },
  { label: 'Split Cell', apply: (c) => c.splitCell() },
  { label: 'Toggle Cell Merge', apply: (c) => c.mergeOrSplit() },
];

export function runTableAction(editor: Editor, index: number, run: boolean): boolean {
  const action = TABLE_ACTIONS[index];
  return action ? action.apply(on(editor, run)).run() : false;
}

/**
 * The table actions in a dropdown. Which ones apply is worked out when it opens, from the selection of that
 * moment (a cell selection for Merge Cells), rather than on every transaction while it is closed.
 */
export function TableMenu({ editor }: { editor: Editor }) {
  const [enabled, setEnabled] = useState<boolean[]>([]);
  const inTable = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('table') });
  const onToggle = (show: boolean) => {
    if (show) setEnabled(TABLE_ACTIONS.map((_, index) => runTableAction(editor, index, false)));
  };
  return (
    <Dropdown onToggle={onToggle}>
      <Dropdown.Toggle
        variant={inTable ? 'secondary' : 'light'}
        size="sm"
        aria-label="Table"
        title="Table"
        onMouseDown={(event) => event.preventDefault()}
      >
        Table
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {TABLE_ACTIONS.map((action, index) => (
          <Dropdown.Item
            key={action.label}
            as="button"
            type="button"
            disabled={!enabled[index]}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => runTableAction(editor, index, true)}
          >
            {action.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

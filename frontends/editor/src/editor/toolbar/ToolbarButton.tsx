import type { MouseEvent, ReactNode } from 'react';

export interface ToolbarButtonProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

// Pressing a button must not take the focus (and the selection) away from the text.
const keepSelection = (event: MouseEvent) => event.preventDefault();

export function ToolbarButton({
  label,
  active = false,
  disabled = false,
  onClick,
  children,
}: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-light'} vellum-tool`}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={keepSelection}
      onClick={onClick}
    >
      {/* The symbol is what shows; the name is the label (so 'H1' reads as 'Heading 1'). */}
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

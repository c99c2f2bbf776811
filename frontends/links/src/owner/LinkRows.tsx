import { Fragment, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { LinkView } from '@vellum/proto/api';

export interface RowProps {
  link: LinkView;
  /** The drag handle, when the list can be reordered. */
  handle?: ReactNode;
  style?: CSSProperties;
  rowRef?(element: HTMLElement | null): void;
}

interface Props {
  links: LinkView[];
  /** Whether the list can be reordered (desktop only). */
  sortable: boolean;
  row(props: RowProps): ReactNode;
  /** The links in their new order, when one moved. */
  onReorder(links: LinkView[]): void;
}

function SortableRow({ link, row }: { link: LinkView; row: Props['row'] }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: link._id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="btn btn-light btn-sm px-2"
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={`Move ${link.link_label}`}
    >
      <span aria-hidden="true">⋮⋮</span>
    </button>
  );
  return row({
    link,
    handle,
    rowRef: setNodeRef,
    style: {
      transform: CSS.Translate.toString(transform),
      transition,
      position: 'relative',
      zIndex: isDragging ? 1 : undefined,
    },
  });
}

const labelOf = (links: LinkView[], id: unknown) => links.find((l) => l._id === id)?.link_label ?? 'the link';
const placeOf = (links: LinkView[], id: unknown) => links.findIndex((l) => l._id === id) + 1;

/**
 * The owner's rows, reorderable on a desktop by dragging their handle with the pointer, or from the keyboard:
 * focus a handle, Space or Enter picks the link up, the arrow keys move it, Space or Enter drops it, Escape puts it
 * back (dnd-kit's sortable preset; a screen reader hears each step). On a width of 760 or less, plain rows.
 */
export function LinkRows({ links, sortable, row, onReorder }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const list = (children: ReactNode) => (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Links">
      {children}
    </ul>
  );
  if (!sortable) return list(links.map((link) => <Fragment key={link._id}>{row({ link })}</Fragment>));

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(links, active.id)}, at position ${placeOf(links, active.id)} of ${links.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(links, active.id)} moved to position ${placeOf(links, over.id)} of ${links.length}.`
        : `${labelOf(links, active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(links, active.id)} dropped at position ${placeOf(links, over.id)} of ${links.length}.`
        : `${labelOf(links, active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(links, active.id)} was cancelled.`,
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || links.length < 2) return;
    const from = links.findIndex((l) => l._id === active.id);
    const to = links.findIndex((l) => l._id === over.id);
    if (from < 0 || to < 0 || from === to) return;
    onReorder(arrayMove(links, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a link, press Space or Enter, then the up and down arrows; Space or Enter drops it, Escape cancels.',
        },
      }}
    >
      <SortableContext items={links.map((l) => l._id)} strategy={verticalListSortingStrategy}>
        {list(links.map((link) => <SortableRow key={link._id} link={link} row={row} />))}
      </SortableContext>
    </DndContext>
  );
}

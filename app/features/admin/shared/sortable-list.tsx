/**
 * A list the administrator puts in order (issue "Back office" item 2: drag and drop with a
 * keyboard alternative). Rows are dragged by their handle with a mouse or finger, or with the
 * keyboard (focus the handle, Space to lift, arrows to move, Space to drop, Escape to cancel);
 * each row also has Move up / Move down buttons. `onReorder` gets the new order of ids.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
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
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/** The ids in their new order after moving `id` by `by` places (clamped to the list). */
function moveId(ids: readonly number[], id: number, by: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = Math.min(ids.length - 1, Math.max(0, from + by));
  return from === -1 || from === to ? [...ids] : arrayMove([...ids], from, to);
}

export function SortableList<Item extends { id: number; name: string }>({
  items,
  label,
  onReorder,
  renderItem,
  disabled,
}: {
  items: Item[];
  /** What the list holds, for screen readers: 'Categories'. */
  label: string;
  onReorder: (ids: number[]) => void;
  renderItem: (item: Item) => ReactNode;
  disabled?: boolean;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  const names = new Map(items.map((item) => [item.id, item.name]));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to lift the row, use the arrow keys to move it, Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Lifted ${names.get(Number(active.id))}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${names.get(Number(active.id))} is now at position ${ids.indexOf(Number(over.id)) + 1} of ${ids.length}.`
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `${names.get(Number(active.id))} dropped at position ${ids.indexOf(Number(over.id)) + 1} of ${ids.length}.`
              : `${names.get(Number(active.id))} dropped.`,
          onDragCancel: ({ active }) => `Moving ${names.get(Number(active.id))} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              item={item}
              first={index === 0}
              last={index === items.length - 1}
              disabled={disabled}
              onMove={(by) => onReorder(moveId(ids, item.id, by))}
            >
              {renderItem(item)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  first,
  last,
  disabled,
  onMove,
  children,
}: {
  item: { id: number; name: string };
  first: boolean;
  last: boolean;
  disabled?: boolean;
  onMove: (by: -1 | 1) => void;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-start gap-2 rounded-lg border bg-background p-3 sm:gap-3',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-primary/40',
      )}
    >
      <div className="flex shrink-0 flex-col items-center gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${item.name}`}
          className="flex size-10 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
        >
          <GripVerticalIcon className="size-5" aria-hidden />
        </button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Move ${item.name} up`}
          disabled={first || disabled}
          onClick={() => onMove(-1)}
        >
          <ArrowUpIcon className="size-4" aria-hidden />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Move ${item.name} down`}
          disabled={last || disabled}
          onClick={() => onMove(1)}
        >
          <ArrowDownIcon className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

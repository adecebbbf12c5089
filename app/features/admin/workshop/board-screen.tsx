/**
 * The production board's screen (issue 31 item 3): filters (person, garment type, due week) in
 * the URL's query, then a column per stage with its cards (order number linking to the order,
 * the customer's first name, garment, due date, assignee, "Overdue" / "Due today" marks, and
 * "Yours" on the viewer's own cards, which come first).
 *
 * Moving a card: its buttons ("Move to <next stage>", and "Move to <alteration>" at a trial),
 * which a keyboard reaches, are the accessible path; a card may also be dragged with a mouse or
 * a long press onto another column (@dnd-kit), which sends the same move. Every move names the
 * ticket's version; its outcome (a lost race's 409 message too) is a toast. The columns scroll
 * sideways on a narrow screen. The board revalidates on every ticket move anywhere
 * (`useServerEvents('workshop')`).
 */
import {
  DndContext,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { useAdminFetcher } from '~/features/admin/shared/use-admin-fetcher';
import type { BoardCard, BoardColumn } from '~/features/workshop/board.server';
import type { BoardPage } from './board.server';
import { useServerEvents } from '~/features/site/use-server-events';

const shortDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** A shop day, short: '2026-11-28' -> 'Sat, 28 Nov'. */
const formatDay = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

/** What a move sends: the same fields from a button or a drop. */
type MoveFields = { garmentId: number; toStage: string; version: number };

const SELECT_CLASS =
  'h-11 rounded-md border border-border bg-white px-3 text-base sm:h-10 md:text-sm';

export function BoardScreen({ board, filters, staff, garmentTypes, ownOnly, may }: BoardPage) {
  useServerEvents('workshop');
  const dropFetcher = useAdminFetcher();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
  );
  const cards = new Map(
    board.columns.flatMap((column) => column.cards.map((card) => [card.garmentId, card])),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = cards.get(Number(active.id));
    const toStage = over ? String(over.id) : null;
    if (!card || !toStage || toStage === card.stage) return;
    const move: MoveFields = { garmentId: card.garmentId, toStage, version: card.version };
    void dropFetcher.submit(
      { intent: 'move-ticket', ...move },
      { method: 'post', action: '/admin/workshop' },
    );
  };
  const filtered = Boolean((!ownOnly && filters.person) || filters.garment || filters.week);

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-semibold sm:text-4xl">Production board</h1>
        <span className="flex flex-wrap gap-x-4">
          <Link to="/admin/workshop/calendar" className="text-primary underline">
            Delivery calendar
          </Link>
          {may.editSettings && (
            <Link to="/admin/workshop/settings" className="text-primary underline">
              Workshop settings
            </Link>
          )}
        </span>
      </div>
      <p className="mt-1 text-muted-foreground">
        {ownOnly
          ? 'The garments assigned to you, by stage. Delivered garments leave the board.'
          : 'Every garment in the workshop, by stage. Your own garments come first. Delivered garments leave the board.'}
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter the board"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        {!ownOnly && (
          <div className="grid gap-1">
            <label htmlFor="board-person" className="text-sm font-medium">
              Person
            </label>
            <select
              id="board-person"
              name="person"
              defaultValue={filters.person ?? ''}
              key={`person-${filters.person ?? ''}`}
              className={SELECT_CLASS}
            >
              <option value="">Everyone</option>
              <option value="me">Me</option>
              <option value="none">No one</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="grid gap-1">
          <label htmlFor="board-garment" className="text-sm font-medium">
            Garment
          </label>
          <select
            id="board-garment"
            name="garment"
            defaultValue={filters.garment ?? ''}
            key={`garment-${filters.garment ?? ''}`}
            className={SELECT_CLASS}
          >
            <option value="">Every garment</option>
            {garmentTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="board-week" className="text-sm font-medium">
            Due week
          </label>
          <input
            id="board-week"
            name="week"
            type="week"
            placeholder={board.thisWeek}
            defaultValue={filters.week ?? ''}
            key={`week-${filters.week ?? ''}`}
            className={SELECT_CLASS}
          />
        </div>
        <Button type="submit" className="min-h-11 sm:min-h-10">
          Show
        </Button>
        <Link
          to={{ pathname: '/admin/workshop', search: `?week=${board.thisWeek}` }}
          className={cn(buttonVariants({ variant: 'ghost' }), 'min-h-11 sm:min-h-10')}
        >
          Due this week
        </Link>
        {filtered && (
          <Link
            to="/admin/workshop"
            className={cn(buttonVariants({ variant: 'ghost' }), 'min-h-11 sm:min-h-10')}
          >
            Show all
          </Link>
        )}
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" role="status">
        {board.total === 1 ? '1 garment' : `${board.total} garments`}
        {board.week && ` due from ${formatDay(board.week.from)} to ${formatDay(board.week.to)}`}
      </p>

      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        {/* Positioned, so the screen-reader-only text of far columns stays inside the scroller
            (an absolute element of an unpositioned scroller would widen the whole page). */}
        <div className="relative -mx-4 mt-3 flex snap-x gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0">
          {board.columns.map((column) => (
            <Column
              key={column.stage}
              column={column}
              today={board.today}
              openOrders={may.openOrders}
            />
          ))}
        </div>
      </DndContext>
    </>
  );
}

function Column({
  column,
  today,
  openOrders,
}: {
  column: BoardColumn;
  today: string;
  openOrders: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const headingId = `board-column-${column.stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={cn(
        'flex w-[17rem] shrink-0 snap-start flex-col rounded-lg border border-border bg-muted/40 p-2',
        isOver && 'border-primary bg-primary/5',
      )}
    >
      <h2 id={headingId} className="flex items-baseline justify-between px-1 pb-2 font-semibold">
        <span>{column.label}</span>
        <span className="text-sm font-normal text-muted-foreground">
          {column.cards.length}
          <span className="sr-only"> garments</span>
        </span>
      </h2>
      {column.cards.length === 0 ? (
        <p className="px-1 pb-2 text-sm text-muted-foreground">No garments.</p>
      ) : (
        <ul className="grid gap-2" aria-label={`${column.label} garments`}>
          {column.cards.map((card) => (
            <Card key={card.garmentId} card={card} today={today} openOrders={openOrders} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A garment's card; its number opens the order page, or the garment's one-tap page for a role
 * that does not open orders (the workshop).
 */
function Card({
  card,
  today,
  openOrders,
}: {
  card: BoardCard;
  today: string;
  openOrders: boolean;
}) {
  // Mouse and long-press dragging only: the buttons are the keyboard's way to move a card.
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: card.garmentId,
  });
  const name = `${card.garment} (garment ${card.position}) of ${card.number}`;
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      style={
        transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined
      }
      className={cn(
        'grid gap-1.5 rounded-md border border-border bg-background p-3 text-sm shadow-xs',
        card.mine && 'border-l-4 border-l-primary',
        isDragging && 'relative z-10 opacity-80 shadow-lg',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <Link
          to={
            openOrders
              ? `/admin/orders/${encodeURIComponent(card.number)}`
              : `/admin/workshop/garments/${card.garmentId}`
          }
          className="font-mono text-primary underline"
        >
          {card.number}
        </Link>
        <span className="flex gap-1">
          {card.mine && (
            <span className="rounded bg-primary/10 px-1.5 text-xs font-medium text-primary">
              Yours
            </span>
          )}
          {card.mark === 'overdue' && (
            <span className="rounded bg-destructive px-1.5 text-xs font-semibold text-white">
              Overdue
            </span>
          )}
          {card.atRisk && (
            <span className="rounded bg-destructive/10 px-1.5 text-xs font-semibold text-destructive">
              At risk
            </span>
          )}
          {card.mark === 'due-today' && (
            <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">
              Due today
            </span>
          )}
        </span>
      </div>
      <p className="font-semibold">
        <Link to={`/admin/workshop/garments/${card.garmentId}`} className="underline">
          {card.garment}
        </Link>{' '}
        <span className="font-normal text-muted-foreground">for {card.customerFirstName}</span>
      </p>
      <p>
        <span className="text-muted-foreground">Due </span>
        {card.dueOn ? (
          <time dateTime={card.dueOn} className={cn(card.dueOn < today && 'font-semibold')}>
            {formatDay(card.dueOn)}
          </time>
        ) : (
          'no date'
        )}
        <span className="text-muted-foreground"> · </span>
        {card.assigneeName ?? <span className="text-muted-foreground">No one</span>}
      </p>
      {card.choices.length > 0 && (
        <div className="flex flex-wrap gap-2 pt-1">
          {card.choices.map((choice) => (
            <MoveButton
              key={choice.stage}
              move={{ garmentId: card.garmentId, toStage: choice.stage, version: card.version }}
              text={`Move to ${choice.label}`}
              label={`Move ${name} to ${choice.label}`}
              secondary={choice.stage === 'alteration'}
            />
          ))}
        </div>
      )}
    </li>
  );
}

function MoveButton({
  move,
  text,
  label,
  secondary,
}: {
  move: MoveFields;
  text: string;
  label: string;
  secondary: boolean;
}) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" action="/admin/workshop">
      <input type="hidden" name="intent" value="move-ticket" />
      <input type="hidden" name="garmentId" value={move.garmentId} />
      <input type="hidden" name="toStage" value={move.toStage} />
      <input type="hidden" name="version" value={move.version} />
      <Button
        type="submit"
        size="sm"
        variant={secondary ? 'outline' : 'default'}
        disabled={fetcher.state !== 'idle'}
        aria-label={label}
        className="min-h-11 sm:min-h-9"
      >
        {text}
      </Button>
    </fetcher.Form>
  );
}

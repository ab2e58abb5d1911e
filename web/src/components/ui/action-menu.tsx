import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, MoreHorizontal, type LucideIcon } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { buttonClass } from './button.tsx';
import type { Column } from './data-table.tsx';

export type ActionMenuItem = {
  label: string;
  icon?: LucideIcon;
  /** Red, for what deletes or cannot be undone (confirm it with useConfirm). */
  danger?: boolean;
  disabled?: boolean;
} & ({ onSelect: () => void; to?: never } | { to: string; onSelect?: never });

/** Groups are separated by a line: everyday actions first, destructive ones last. */
export type ActionMenuGroup = ActionMenuItem[];

const itemClass = (danger?: boolean) =>
  cn(
    'flex w-full cursor-default items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none select-none',
    'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
    danger
      ? 'text-red-700 data-[highlighted]:bg-red-50 dark:text-red-300 dark:data-[highlighted]:bg-red-500/10'
      : 'text-slate-700 data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800',
  );

/**
 * Row and page actions behind one button (Radix DropdownMenu: a menu button as ARIA describes it,
 * arrow keys, typeahead, Escape, focus returned). `label` names the button for screen readers
 * ("Actions for Residential 5 GB"); `text` shows it as a labelled button instead of a "⋯" icon.
 */
export function ActionMenu({
  label,
  text,
  groups,
  align = 'end',
}: {
  label: string;
  text?: ReactNode;
  groups: ActionMenuGroup[];
  align?: 'start' | 'end';
}) {
  const visible = groups.filter((group) => group.length > 0);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={label}
        className={
          text
            ? buttonClass('outline', 'sm')
            : buttonClass('ghost', 'icon', 'data-[state=open]:bg-slate-100 dark:data-[state=open]:bg-slate-800')
        }
      >
        {text ? (
          <>
            {text}
            <ChevronDown className="size-4" aria-hidden="true" />
          </>
        ) : (
          <MoreHorizontal className="size-5" aria-hidden="true" />
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-40 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {visible.map((group, index) => (
            <Menu.Group key={index}>
              {index > 0 && <Menu.Separator className="my-1 border-t border-slate-100 dark:border-slate-800" />}
              {group.map((item) => {
                const Icon = item.icon;
                const content = (
                  <>
                    {Icon && <Icon className="size-4 shrink-0" aria-hidden="true" />}
                    {item.label}
                  </>
                );
                return item.to !== undefined ? (
                  <Menu.Item key={item.label} asChild disabled={item.disabled} className={itemClass(item.danger)}>
                    <Link to={item.to}>{content}</Link>
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    key={item.label}
                    disabled={item.disabled}
                    className={itemClass(item.danger)}
                    onSelect={item.onSelect}
                  >
                    {content}
                  </Menu.Item>
                );
              })}
            </Menu.Group>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** Row actions of a table: the menu's groups for each row, and a name for the row ("Actions for …"). */
export interface RowActions<Row> {
  label: (row: Row) => string;
  groups: (row: Row) => ActionMenuGroup[];
}

/** The last column of a table with row actions (ListPage's `rowActions`, or a DataTable of its own). */
export function actionMenuColumn<Row>({ label, groups }: RowActions<Row>): Column<Row> {
  return {
    key: 'actions',
    header: 'Actions',
    className: 'w-px whitespace-nowrap',
    cell: (row) => <ActionMenu label={`Actions for ${label(row)}`} groups={groups(row)} />,
  };
}

import { isValidElement, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Grid, Popover, Table, theme, Tooltip, type TableProps } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useInRouterContext, useLocation } from 'react-router';
import { useSession } from '../app/session.ts';
import { readJson, writeJson } from './storage.ts';
import { hint } from './Hint.tsx';

/**
 * The table of every list in the admin: antd's Table with
 * - widths from content: a column is at least as wide as its header (sort and filter icons
 *   included) and its typical cell, so no header is ever cut and the pinned actions never cover
 *   a column; the table scrolls sideways instead of squeezing;
 * - one line per text cell, cut with an ellipsis, the whole text in a tooltip;
 * - a choice of columns per user (shown and hidden), remembered in the browser;
 * - on a phone, the list's key columns (`keyColumns`) first and
 *   in view (the first two by default); the others can be added through the same choice.
 */

type AnyColumn = NonNullable<TableProps<object>['columns']>[number] & {
  dataIndex?: string | number | readonly (string | number)[];
  render?: (value: unknown, record: object, index: number) => ReactNode;
  sorter?: unknown;
  filters?: unknown;
  filterDropdown?: unknown;
  children?: unknown;
  responsive?: readonly string[];
};

export interface DataTableProps<Row> extends TableProps<Row> {
  /** Names the list for the remembered column choice; the page's path by default. */
  tableId?: string;
  /** The columns a phone shows (their keys or dataIndex); the first two by default. */
  keyColumns?: string[];
  /** Offers the choice of columns (on by default when two or more columns may be hidden). */
  columnChoice?: boolean;
}

/** The key a column is known by: its key, else its dataIndex. */
export function columnKey(column: { key?: unknown; dataIndex?: unknown }, index: number): string {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  if (column.dataIndex !== undefined) return String(column.dataIndex);
  return `#${index}`;
}

let canvas: CanvasRenderingContext2D | null | undefined;
let fontFamily = 'sans-serif';
/** The font the tables are set in (antd's theme token), for the measurements below. */
export function useTableFont() {
  fontFamily = theme.useToken().token.fontFamily || fontFamily;
}
/** The width of a line of text in the tables' font; an estimate where nothing can measure. */
export function textWidth(text: string, weight = 400, size = 14): number {
  if (canvas === undefined) {
    try {
      canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
  }
  if (canvas && typeof canvas.measureText === 'function') {
    canvas.font = `${weight} ${size}px ${fontFamily}`;
    const measured = canvas.measureText(text).width;
    if (measured > 0) return Math.ceil(measured);
  }
  return Math.ceil(text.length * (size * 0.62) * (weight >= 600 ? 1.06 : 1));
}

/**
 * The text a cell shows: strings and numbers of the rendered node, its children walked (text
 * beside elements runs on one line with them; elements alone, which may stand on lines of their
 * own, count by the longest); a component without children by the text it is given (`name`,
 * `label`, `title`, `text`).
 */
export function nodeText(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    if (node.some((child) => typeof child === 'string' || typeof child === 'number')) return node.map(nodeText).join('');
    return node.map(nodeText).reduce((longest, text) => (text.length > longest.length ? text : longest), '');
  }
  if (isValidElement(node)) {
    const props = node.props as Record<string, unknown>;
    const own = nodeText(props.children);
    if (own) return own;
    for (const name of ['name', 'label', 'title', 'text']) if (typeof props[name] === 'string' || typeof props[name] === 'number') return String(props[name]);
    return '';
  }
  return '';
}

const valueAt = (record: object, dataIndex: AnyColumn['dataIndex']): unknown => {
  if (dataIndex === undefined) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = record;
  for (const step of path) value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[step as string] : undefined;
  return value;
};

/**
 * Whether a rendered cell can be cut and still be read: the kit's one-line text with its tooltip,
 * an ellipsis of Typography, a cell tag (cut with a tooltip). Anything else (tags, buttons, links
 * of their own) shows whole only in a column as wide as it.
 */
function cuttable(node: unknown, top = true): boolean {
  if (node === null || node === undefined || typeof node === 'boolean') return true;
  // Bare text is put in the kit's CutText (below); text inside another element shows as it is.
  if (typeof node === 'string' || typeof node === 'number') return top;
  if (Array.isArray(node)) return node.every((child) => cuttable(child, false));
  if (!isValidElement(node)) return true;
  const props = node.props as Record<string, unknown>;
  if (node.type === CutText || props.ellipsis || /\bcell-(text|tag)\b/.test(String(props.className ?? ''))) return true;
  return props.children !== undefined && cuttable(props.children, false);
}

const SAMPLE = 20;
const MIN_WIDTH = 64;
const UNMEASURED_WIDTH = 140;

/**
 * A column's width: the declared one, widened to its header (600 weight, icons and padding) and
 * to its first cells, up to `cap`: to the typical (three quarters) one where a longer text is cut
 * with its tooltip, to the widest where a cell cannot be cut (a tag, a button).
 */
export function fitWidth(column: AnyColumn, rows: readonly object[], options: { padding: number; cap: number; phone?: boolean }): number {
  const title = typeof column.title === 'string' || typeof column.title === 'number' ? String(column.title) : nodeText(column.title);
  const icons = (column.sorter ? 22 : 0) + (column.filters || column.filterDropdown ? 26 : 0);
  const header = textWidth(title, 600) + icons + options.padding * 2 + 8;
  const widths: number[] = [];
  let unmeasured = 0;
  // The widest cell that cannot be cut.
  let whole = 0;
  rows.slice(0, SAMPLE).forEach((record, index) => {
    const value = valueAt(record, column.dataIndex);
    let text = '';
    let boxed = false;
    let cut = true;
    try {
      const node = column.render ? column.render(value, record, index) : value;
      text = nodeText(node);
      // A tag or a link button around the text adds its own padding and border.
      boxed = isValidElement(node);
      cut = cuttable(node);
      // A picture (or anything) of a given width cannot be cut either.
      const given = isValidElement(node) ? (node.props as { width?: unknown }).width : undefined;
      if (typeof given === 'number') whole = Math.max(whole, given + options.padding * 2);
    } catch {
      text = '';
    }
    const width = textWidth(text) + options.padding * 2 + 4 + (boxed ? 24 : 0);
    if (!text) unmeasured++;
    else {
      widths.push(width);
      if (!cut) whole = Math.max(whole, width);
    }
  });
  widths.sort((a, b) => a - b);
  const typical = Math.max(whole, widths.length ? widths[Math.min(widths.length - 1, Math.floor(widths.length * 0.75))]! : 0);
  // On a phone the text decides alone (declared widths are for wide screens); a column whose
  // cells hold no text (buttons, icons) keeps its declared width.
  const declared = typeof column.width === 'number' && (!options.phone || (typical === 0 && unmeasured > 0)) ? column.width : 0;
  // Cells whose text cannot be read ahead (a component that loads it) get a usual width.
  const fallback = !widths.length && unmeasured > 0 && !declared ? UNMEASURED_WIDTH : 0;
  return Math.max(MIN_WIDTH, declared, header, fallback, Math.min(typical, options.cap));
}

/**
 * One line of text cut with an ellipsis; the whole text in a tooltip when it is cut (the shared
 * one, Hint.tsx: a plain element per cell, nothing measured until the pointer comes).
 */
export function CutText({ children }: { children: string }) {
  return (
    <span className="cell-text" {...hint(children, { cut: true, placement: 'topLeft' })}>
      {children}
    </span>
  );
}

interface StoredChoice {
  /** Hidden on wide screens. */
  hidden?: string[];
  /** Shown on a phone besides the key columns. */
  phone?: string[];
}

function useChoice(id: string) {
  const { user } = useSession();
  const key = `dp.columns.${user?.id ?? 'anonymous'}.${id}`;
  const [choice, setChoice] = useState<StoredChoice>(() => readJson<StoredChoice>(key) ?? {});
  const [forKey, setForKey] = useState(key);
  if (forKey !== key) {
    setForKey(key);
    setChoice(readJson<StoredChoice>(key) ?? {});
  }
  const save = (next: StoredChoice) => {
    setChoice(next);
    writeJson(key, next);
  };
  return { choice, save };
}

/** The page's path with its ids left out: one remembered choice for every site's list. */
function usePathId(): string {
  const inRouter = useInRouterContext();
  // Constant for the life of the table: there is a router around it or there is not.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const path = inRouter ? useLocation().pathname : '';
  return path.replace(/\/\d+(?=\/|$)/g, '/*').replace(/\/$/, '');
}

/**
 * Widths cut down in proportion to fit `room` when together they exceed it, none below the
 * narrowest column; text in them is cut with its tooltip, headers wrap.
 */
export function shareWidth(widths: number[], room: number): number[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= room || !total) return widths;
  return widths.map((width) => Math.max(MIN_WIDTH, Math.floor((width * room) / total)));
}

/** Rows drawn in the first frame of a page, and in each frame after it. */
const ROWS_PER_FRAME = 10;
const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
};

/**
 * The rows to draw: a new page's first rows at once and the rest a slice per frame, so that a
 * 100-row page shows its first rows sooner and never holds the browser in one long task. The same
 * page answered again (a refresh) is drawn whole at once, so that nothing shrinks before the eye.
 */
function useRowsInSlices<Row>(rows: readonly Row[], rowKey: (row: Row) => unknown, enabled = true): readonly Row[] {
  const first = rows.length ? rowKey(rows[0]!) : undefined;
  const [page, setPage] = useState({ first, count: ROWS_PER_FRAME });
  let count = enabled ? page.count : Infinity;
  if (enabled && page.first !== first) {
    count = ROWS_PER_FRAME;
    setPage({ first, count });
  }
  useEffect(() => {
    if (count >= rows.length) return;
    return nextFrame(() => setPage((current) => ({ ...current, count: current.count + ROWS_PER_FRAME })));
  }, [count, rows.length]);
  return count >= rows.length ? rows : rows.slice(0, count);
}

/** A row's key as antd reads it: the `rowKey` function's answer, or the field it names (`key` by default). */
function rowKeyOf<Row>(rowKey: TableProps<Row>['rowKey'], row: Row): unknown {
  return typeof rowKey === 'function' ? rowKey(row) : (row as Record<string, unknown>)[String(rowKey ?? 'key')];
}

/** The width of an element's content box, followed as it changes (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function DataTable<Row extends object>({ tableId, keyColumns, columnChoice, columns: given = [], scroll, size, rowSelection, ...props }: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  useTableFont();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const path = usePathId();
  const all = given as AnyColumn[];
  const keys = all.map(columnKey);
  const id = tableId ?? `${path}|${keys.find((key) => !key.startsWith('#')) ?? ''}`;
  const { choice, save } = useChoice(id);

  // The row's actions: pinned to the right edge, or named so by a list that pins nothing.
  const pinned = (column: AnyColumn) => column.fixed === 'right' || column.fixed === true || column.key === 'actions';
  // The first two columns name a row in most lists (a group and its record, a number and a name).
  const essential = new Set(keyColumns ?? keys.slice(0, 2));
  // The first column names the row and the pinned one holds its actions: neither can be hidden.
  const hideable = all.map((column, index) => index > 0 && !pinned(column) && !essential.has(keys[index]!) && !column.children);
  const offered = (columnChoice ?? hideable.filter(Boolean).length > 1) && hideable.some(Boolean);

  const shown = all.filter((column, index) => {
    const key = keys[index]!;
    // A column antd hides at this screen's width takes no room.
    if (column.responsive && !column.responsive.some((breakpoint) => screens[breakpoint as keyof typeof screens])) return false;
    // On a phone a list shows its key columns and its actions; the first column too when no key columns are named.
    if (!hideable[index]) return !phone || essential.has(key) || pinned(column) || (index === 0 && !keyColumns);
    return phone ? (choice.phone ?? []).includes(key) : !(choice.hidden ?? []).includes(key);
  });

  const padding = size === 'small' || size === 'middle' || phone ? 8 : 16;
  const rows = (props.dataSource ?? []) as readonly object[];
  // Only where the rows given are the page itself: antd pages the others, and would count the slice.
  const paged = props.pagination === false || (typeof props.pagination === 'object' && typeof props.pagination.total === 'number');
  const drawn = useRowsInSlices(rows, (row) => rowKeyOf(props.rowKey, row as Row), paged);
  // Until the page is drawn whole, selecting "all" would select the rows drawn so far: it waits.
  const drawing = drawn.length < rows.length;
  const { ref, width } = useWidth();
  const room = phone ? width : 0;
  const fitted = useMemo(() => {
    const widths = shown.map((column) => (column.children ? 0 : fitWidth(column, rows, { padding, cap: phone ? 150 : 320, phone })));
    // On a phone the key columns (and what stands before them) share the table's room.
    if (room) {
      const last = shown.reduce((at, column, index) => (essential.has(columnKey(column, all.indexOf(column))) ? index : at), -1);
      const shared = shareWidth(widths.slice(0, last + 1), room - (props.expandable ? 48 : 0));
      shared.forEach((width, index) => (widths[index] = width));
    }
    return shown.map((column, at) => {
        if (column.children) return column;
        const width = widths[at]!;
        const render = column.render;
        return {
          ...column,
          width,
          // The kit cuts text itself (CutText, with its tooltip); antd's own ellipsis of the cell
          // would cut it without one.
          ellipsis: undefined,
          // Pinned columns stay put on a phone only at the right edge's actions; a fixed first
          // column there would leave too little room for the rest.
          fixed: phone && column.fixed === 'left' ? undefined : phone && pinned(column) ? undefined : column.fixed,
          onHeaderCell: (col: object) => ({ ...(column.onHeaderCell?.(col as never) ?? {}), className: essential.has(columnKey(column, all.indexOf(column))) ? 'data-table__key' : undefined }),
          render: (value: unknown, record: object, index: number) => {
            const node = render ? render(value, record, index) : (value as ReactNode);
            if (typeof node === 'string' && node !== '') return <CutText>{node}</CutText>;
            if (typeof node === 'number') return <CutText>{String(node)}</CutText>;
            return node;
          },
        };
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [given, rows, phone, padding, choice, room, screens]);

  // On a phone the check boxes come after the key columns, so that those stay in view.
  const withSelection = [...fitted] as NonNullable<TableProps<Row>['columns']>;
  if (phone && rowSelection) {
    const last = fitted.reduce((at, column, index) => (essential.has(columnKey(column, all.indexOf(column as AnyColumn))) ? index : at), 0);
    withSelection.splice(last + 1, 0, Table.SELECTION_COLUMN as never);
  }

  const extra = (rowSelection ? (phone ? 32 : 48) : 0) + (props.expandable ? 48 : 0);
  const tableWidth = fitted.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 150), extra);

  const chooser = offered && (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('table.columns')}
      content={
        <Checkbox.Group
          className="data-table__choice"
          value={all.filter((column, index) => hideable[index] && shown.includes(column)).map((column) => columnKey(column, all.indexOf(column)))}
          onChange={(next) => {
            const chosen = new Set(next as string[]);
            const optional = keys.filter((_key, index) => hideable[index]);
            save(phone ? { ...choice, phone: optional.filter((key) => chosen.has(key)) } : { ...choice, hidden: optional.filter((key) => !chosen.has(key)) });
          }}
          options={all.flatMap((column, index) => (hideable[index] ? [{ value: keys[index]!, label: nodeText(column.title) || keys[index]! }] : []))}
        />
      }
    >
      <Tooltip title={t('table.columns')}>
        <Button size="small" type="text" icon={<SettingOutlined aria-hidden />} aria-label={t('table.columns')} className="data-table__chooser" />
      </Tooltip>
    </Popover>
  );

  return (
    <div className="data-table" ref={ref}>
      {chooser && <div className="data-table__tools">{chooser}</div>}
      <Table<Row>
        {...props}
        dataSource={drawn as Row[]}
        size={size ?? (phone ? 'small' : undefined)}
        rowSelection={drawing && rowSelection ? { ...rowSelection, getTitleCheckboxProps: () => ({ ...rowSelection.getTitleCheckboxProps?.(), disabled: true }) } : rowSelection}
        columns={withSelection}
        tableLayout="fixed"
        scroll={{ ...(scroll ?? {}), x: tableWidth }}
      />
    </div>
  );
}

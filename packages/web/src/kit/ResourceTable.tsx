import { useContext, useMemo, type ReactNode } from 'react';
import { Grid, Popconfirm, Space, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { permissionLabel, seededText, type AnyResource, type ColumnDef, type JsonApiRecord } from '@dp/contracts';
import { currentLang } from '../app/i18n.ts';
import { formatDateTime } from './format.ts';
import { fieldLabel, recordLabel, serviceName, valueText } from './resourceText.ts';
import { includedIndex, PAGE_SIZES } from './useResourceList.ts';
import { ResourceListExtras } from './resourceListExtras.ts';
import { CutText, DataTable } from './DataTable.tsx';
import { IconButton } from './IconButton.tsx';
import { hint } from './Hint.tsx';
import { useMoney } from './Money.tsx';

export { recordLabel } from './resourceText.ts';

type Row = JsonApiRecord<Record<string, unknown>>;

export interface ResourceTableProps {
  resource: AnyResource;
  records: Row[];
  included: JsonApiRecord[];
  loading: boolean;
  page: number;
  size: number;
  total: number;
  /** The total is an estimate: shown as "of about". */
  estimated?: boolean;
  sort?: string;
  onPage: (page: number, size: number) => void;
  onSort: (sort: string | null) => void;
  onEdit?: (record: Row) => void;
  onDelete?: (record: Row) => Promise<unknown>;
  /** Where a record's own page is; its first column links there. */
  detailPath?: (record: Row) => string;
  /** Details shown under a row (the audit trail's changes). */
  expandable?: (record: Row) => ReactNode;
  empty?: ReactNode;
  /** Fewer controls for a table inside a page (a record's related records). */
  compact?: boolean;
  /** The columns to show, in this order; every declared column otherwise. */
  fields?: string[];
}

/** Column widths by kind: every column has one, so the table scrolls instead of squeezing. */
const WIDTHS: Record<NonNullable<ColumnDef['render']>, number> = {
  text: 200,
  date: 150,
  boolean: 110,
  refs: 240,
  tag: 150,
  service: 190,
  count: 130,
  codes: 280,
  money: 140,
};
const ACTIONS_WIDTH = 88;
export const columnWidth = (column: ColumnDef) => column.width ?? WIDTHS[column.render ?? 'text'];

function Empty() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** One line of text cut with an ellipsis; the whole text in a tooltip when it is cut (the table kit's, so that it sizes the column so). */
export const CellText = CutText;

/**
 * A table driven by ResourceDef.columns: server paging and sorting, widths by kind with ellipsis
 * and tooltips, horizontal scroll with the first column and the actions fixed, names instead of
 * codes (services, options, referenced records, permission codes), seeded texts in the reader's
 * language.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { resource, records, included, sort } = props;
  const { t, i18n } = useTranslation([resource.service, 'common']);
  const refs = useMemo(() => includedIndex(included), [included]);
  const { leadingColumns, cellRenderers } = useContext(ResourceListExtras);
  const sortField = sort?.split(',')[0];
  const lang = currentLang();
  const money = useMoney();
  // On a phone a fixed first column would leave too little room to scroll the others.
  const screens = Grid.useBreakpoint();
  const fixFirst = !props.compact && screens.md !== false;

  const renderValue = (column: ColumnDef, value: unknown, record: Row): ReactNode => {
    const own = cellRenderers?.[column.field];
    if (own) return own(value, record);
    if (isEmpty(value)) return <Empty />;
    switch (column.render) {
      case 'date':
        return <span className="nowrap">{formatDateTime(String(value))}</span>;
      case 'money':
        return money.cell(Number(value));
      case 'boolean':
        return value ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>;
      case 'count': {
        const count = Array.isArray(value) ? value.length : Number(value);
        return t(`${resource.service}:${resource.name}.counts.${column.field}`, { count, defaultValue: String(count) });
      }
      case 'service':
        return <CellText>{serviceName(t, String(value))}</CellText>;
      case 'codes': {
        const service = String(record.attributes.service ?? '');
        return (
          <Space size={[4, 4]} wrap>
            {(value as string[]).map((code) => (
              <Tag key={code} variant="filled" color="geekblue" className="cell-tag" {...hint(`${permissionLabel({ service, code }, lang).name} (${code})`)}>
                {permissionLabel({ service, code }, lang).name}
              </Tag>
            ))}
          </Space>
        );
      }
      case 'refs': {
        const ids = Array.isArray(value) ? value : [value];
        return (
          <Space size={[4, 4]} wrap>
            {ids.map((id) => {
              const found = column.ref ? refs.get(`${column.ref.name}:${id}`) : undefined;
              const label = found && column.ref ? found.attributes[column.ref.label] : undefined;
              const text = label !== undefined && label !== null ? seededText(String(label), lang) : `#${String(id)}`;
              return (
                <Tag key={String(id)} color="blue" variant="filled" className="cell-tag" {...hint(text)}>
                  {text}
                </Tag>
              );
            })}
          </Space>
        );
      }
      case 'tag':
        return <Tag className="cell-tag">{valueText(t, resource, column.field, value) ?? String(value)}</Tag>;
      default:
        if (typeof value === 'boolean') return value ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>;
        return <CellText>{valueText(t, resource, column.field, value) ?? seededText(String(value), lang)}</CellText>;
    }
  };

  const shown = props.fields ? props.fields.flatMap((field) => resource.columns.filter((column) => column.field === field)) : resource.columns;
  const columns: NonNullable<TableProps<Row>['columns']> = shown.map((column, index) => {
    const sortable = !!column.sortable && resource.sort.includes(column.field);
    const link = index === 0 && props.detailPath;
    return {
      key: column.field,
      dataIndex: ['attributes', column.field],
      title: fieldLabel(t, resource, column.field),
      width: columnWidth(column),
      fixed: index === 0 && fixFirst ? ('left' as const) : undefined,
      sorter: sortable && !props.compact,
      sortOrder: sortable && sortField?.replace(/^-/, '') === column.field ? (sortField!.startsWith('-') ? 'descend' : 'ascend') : null,
      render: (value: unknown, record: Row) =>
        link ? (
          <Link to={link(record)} className="cell-link">
            {renderValue(column, value, record)}
          </Link>
        ) : (
          renderValue(column, value, record)
        ),
    };
  });

  if (leadingColumns?.length && !props.compact) columns.unshift(...leadingColumns);

  if (props.onEdit || props.onDelete) {
    columns.push({
      key: '__actions',
      title: t('common:actions.title'),
      width: ACTIONS_WIDTH,
      align: 'right',
      fixed: 'right',
      render: (_value: unknown, record: Row) => (
        <Space size={0}>
          {props.onEdit && (
            <IconButton type="text" icon={<EditOutlined aria-hidden />} aria-label={`${t('common:actions.edit')}: ${recordLabel(record, resource)}`} title={t('common:actions.edit')} onClick={() => props.onEdit!(record)} />
          )}
          {props.onDelete && (
            <Popconfirm
              title={t(resource.deleteDeactivates ? 'common:deactivate_confirm.title' : 'common:delete_confirm.title')}
              description={t(resource.deleteDeactivates ? 'common:deactivate_confirm.text' : 'common:delete_confirm.text', { name: recordLabel(record, resource) })}
              okText={t(resource.deleteDeactivates ? 'common:actions.deactivate' : 'common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => props.onDelete!(record)}
            >
              <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t(resource.deleteDeactivates ? 'common:actions.deactivate' : 'common:actions.delete')}: ${recordLabel(record, resource)}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <DataTable<Row>
      tableId={`${resource.service}.${resource.name}${props.compact ? '.compact' : ''}`}
      columnChoice={props.compact ? false : undefined}
      keyColumns={shown.some((column) => column.key) ? shown.filter((column) => column.key).map((column) => column.field) : columns.slice(0, 2).map((column) => String(column.key))}
      rowKey="id"
      size={props.compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={records}
      loading={props.loading}
      sticky={props.compact ? undefined : { offsetHeader: 56 }}
      locale={props.empty ? { emptyText: props.empty } : undefined}
      expandable={props.expandable ? { expandedRowRender: props.expandable } : undefined}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.total,
        showSizeChanger: !props.compact,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: props.compact
          ? undefined
          : (total, range) =>
              props.estimated
                ? t('common:table.total_estimated', { count: total, total: total.toLocaleString(i18n.language), from: range[0], to: range[1] })
                : t('common:table.total', { count: total, from: range[0], to: range[1] }),
        hideOnSinglePage: !!props.compact,
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.columnKey ? String(one.columnKey) : undefined;
          props.onSort(one?.order && field ? `${one.order === 'descend' ? '-' : ''}${field}` : null);
          return;
        }
        if (extra.action === 'paginate') props.onPage(pagination.current ?? 1, pagination.pageSize ?? props.size);
      }}
    />
  );
}

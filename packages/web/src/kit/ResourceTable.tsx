import { useContext, useMemo, type ReactNode } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnyResource, ColumnDef, JsonApiRecord } from '@dp/contracts';
import { formatDateTime } from './format.ts';
import { optionText } from './ResourceForm.tsx';
import { includedIndex, PAGE_SIZES } from './useResourceList.ts';
import { ResourceListExtras } from './resourceListExtras.ts';

type Row = JsonApiRecord<Record<string, unknown>>;

export interface ResourceTableProps {
  resource: AnyResource;
  records: Row[];
  included: JsonApiRecord[];
  loading: boolean;
  page: number;
  size: number;
  total: number;
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
}

/** The text a record is known by in notices and confirmations. */
export function recordLabel(record: Row): string {
  const a = record.attributes;
  return String(a.name ?? a.title ?? a.code ?? `#${record.id}`);
}

function Empty() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/** A table driven by ResourceDef.columns: server paging and sorting, dates, refs as tags. */
export function ResourceTable(props: ResourceTableProps) {
  const { resource, records, included, sort } = props;
  const { t } = useTranslation([resource.service, 'common']);
  const refs = useMemo(() => includedIndex(included), [included]);
  const { leadingColumns } = useContext(ResourceListExtras);
  const sortField = sort?.split(',')[0];

  const renderValue = (column: ColumnDef, value: unknown): ReactNode => {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <Empty />;
    const option = resource.form.find((field) => field.field === column.field)?.options;
    const optionLabel = (v: unknown) => {
      const found = option?.find((entry) => String(entry.value) === String(v));
      return found ? optionText(t, resource, found) : String(v);
    };
    switch (column.render) {
      case 'date':
        return <span className="nowrap">{formatDateTime(String(value))}</span>;
      case 'boolean':
        return value ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>;
      case 'refs': {
        const ids = Array.isArray(value) ? value : [value];
        return (
          <Space size={[4, 4]} wrap>
            {ids.map((id) => {
              const record = column.ref ? refs.get(`${column.ref.name}:${id}`) : undefined;
              const label = record && column.ref ? record.attributes[column.ref.label] : undefined;
              return (
                <Tag key={String(id)} color="blue" variant="filled">
                  {label !== undefined && label !== null ? String(label) : `#${String(id)}`}
                </Tag>
              );
            })}
          </Space>
        );
      }
      case 'tag':
        return <Tag>{optionLabel(value)}</Tag>;
      default:
        if (typeof value === 'boolean') return value ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>;
        return option ? optionLabel(value) : String(value);
    }
  };

  const columns: TableProps<Row>['columns'] = resource.columns.map((column, index) => {
    const sortable = !!column.sortable && resource.sort.includes(column.field);
    const link = index === 0 && props.detailPath;
    return {
      key: column.field,
      dataIndex: ['attributes', column.field],
      title: t(`${resource.service}:${resource.name}.fields.${column.field}`),
      width: column.width ?? (column.render === 'date' ? 170 : undefined),
      sorter: sortable,
      sortOrder: sortable && sortField?.replace(/^-/, '') === column.field ? (sortField!.startsWith('-') ? 'descend' : 'ascend') : null,
      render: (value: unknown, record: Row) => (link ? <Link to={link(record)}>{renderValue(column, value)}</Link> : renderValue(column, value)),
    };
  });

  if (leadingColumns?.length) columns.unshift(...leadingColumns);

  if (props.onEdit || props.onDelete) {
    columns.push({
      key: '__actions',
      title: t('common:actions.title'),
      width: 110,
      align: 'right',
      fixed: 'right',
      render: (_value: unknown, record: Row) => (
        <Space size={0}>
          {props.onEdit && (
            <Tooltip title={t('common:actions.edit')}>
              <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={`${t('common:actions.edit')}: ${recordLabel(record)}`} onClick={() => props.onEdit!(record)} />
            </Tooltip>
          )}
          {props.onDelete && (
            <Popconfirm
              title={t('common:delete_confirm.title')}
              description={t('common:delete_confirm.text', { name: recordLabel(record) })}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => props.onDelete!(record)}
            >
              <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('common:actions.delete')}: ${recordLabel(record)}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={records}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      locale={props.empty ? { emptyText: props.empty } : undefined}
      expandable={props.expandable ? { expandedRowRender: props.expandable } : undefined}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }),
        hideOnSinglePage: false,
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

import { useMemo } from 'react';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fieldAliasResource, importHookResource, importProfileResource, IMPORT_FIELDS, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

/** The provider's import dictionaries (spec 001 §2 /cars.import/profiles/, /hooks/, /cars.import.alias/aliases/). */
const asResource = (resource: unknown) => resource as AnyResource;

type Mapping = Record<string, string>;

/**
 * A profile's column mapping as an editable table: a car field and the header of the feed's
 * column that fills it (CSV and XLSX; without a row the header is the field's own name).
 */
function ColumnMappingField({ value, onChange, ...rest }: { value?: Mapping; onChange?: (next: Mapping) => void; 'aria-label': string }) {
  const { t } = useTranslation(['cars.import', 'common']);
  const rows = Object.entries(value ?? {});
  const used = new Set(rows.map(([field]) => field));
  const set = (next: [string, string][]) => onChange?.(Object.fromEntries(next));
  const free = IMPORT_FIELDS.filter((field) => !used.has(field));
  // The form item's error (a header left empty) marks only the empty headers, not every input.
  const failed = Form.Item.useStatus().status === 'error';
  return (
    <Form.Item noStyle validateStatus="success">
    <div className="import-mapping" aria-label={rest['aria-label']} role="group">
      <DataTable<[string, string]>
        size="small"
        rowKey={([field]) => field}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Typography.Text type="secondary">{t('mapping.empty')}</Typography.Text> }}
        columns={[
          {
            key: 'field',
            title: t('mapping.field'),
            width: '45%',
            render: (_v, [field], index) => (
              <Select
                value={field}
                aria-label={`${t('mapping.field')} ${index + 1}`}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                options={[field, ...free].map((name) => ({ value: name, label: t(`import_fields.${name}`) }))}
                onChange={(next: string) => set(rows.map((row, at) => (at === index ? [next, row[1]] : row)))}
              />
            ),
          },
          {
            key: 'column',
            title: t('mapping.column'),
            render: (_v, [, column], index) => (
              <Input
                value={column}
                maxLength={100}
                status={failed && !column.trim() ? 'error' : undefined}
                aria-invalid={failed && !column.trim()}
                aria-label={`${t('mapping.column')} ${index + 1}`}
                onChange={(event) => set(rows.map((row, at) => (at === index ? [row[0], event.target.value] : row)))}
              />
            ),
          },
          {
            key: 'remove',
            width: 48,
            render: (_v, [field], index) => <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('common:actions.delete')}: ${t(`import_fields.${field}`)}`} onClick={() => set(rows.filter((_row, at) => at !== index))} />,
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button icon={<PlusOutlined aria-hidden />} disabled={!free.length} onClick={() => set([...rows, [free[0]!, '']])}>
          {t('mapping.add')}
        </Button>
      </Space>
    </div>
    </Form.Item>
  );
}

export function ImportProfilesPage() {
  const extras = useMemo<ResourceListExtrasValue>(() => ({ formWidgets: { column_mapping: (common) => <ColumnMappingField {...common} /> } }), []);
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={asResource(importProfileResource)} />
    </ResourceListExtras.Provider>
  );
}

export function ImportHooksPage() {
  return <ResourceListPage resource={asResource(importHookResource)} />;
}

export function FieldAliasesPage() {
  return <ResourceListPage resource={asResource(fieldAliasResource)} />;
}

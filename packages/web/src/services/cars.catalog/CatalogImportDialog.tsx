import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Dropdown, Grid, Modal, Result, Segmented, Space, Statistic, Steps, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownOutlined, DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_IMPORT_COLUMNS,
  CATALOG_IMPORT_LIMITS,
  auditResource,
  catalogImportTemplate,
  hasAnyPermission,
  isRestylingImport,
  RESTYLING_IMPORT_KINDS,
  CATALOG_IMPORT_CODES,
  type AnyResource,
  type CatalogImportKind,
  type FileImportReport,
  type FileImportRow,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { uploadFiles } from '../sites.context/site-api.ts';
import './colors.css';
import { saveFile } from '../../kit/save-file.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

type Shown = 'all' | FileImportRow['status'];
const STATUS_COLORS: Record<FileImportRow['status'], string> = { create: 'green', update: 'blue', unchanged: 'default', error: 'red' };

/** The template of an import, made in the browser: the column names and an example row (the restyling's id when there is one). */
function downloadTemplate(kind: CatalogImportKind, restylingId?: number) {
  const examples: Record<string, string> = restylingId ? { restyling_id: String(restylingId) } : {};
  saveFile(new Blob([catalogImportTemplate(kind, examples)], { type: 'text/csv;charset=utf-8' }), `${kind}.csv`);
}

/**
 * A catalogue file import (spec 001 §7, body colours, their prices, upholsteries) in two steps, as
 * the redirect import: choose a CSV or XLSX file, see what each row would do (create, change,
 * nothing) or why it cannot, then write the rows without errors in one go.
 */
export function CatalogImportDialog({ kind, resources, restylingId, onClose }: { kind: CatalogImportKind; resources: AnyResource[]; restylingId?: number; onClose: () => void }) {
  const { t } = useTranslation(['cars.catalog', 'common']);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [deleteAll, setDeleteAll] = useState(false);
  const [report, setReport] = useState<FileImportReport | null>(null);
  const [shown, setShown] = useState<Shown>('all');
  const narrow = Grid.useBreakpoint().md === false;
  const columns = CATALOG_IMPORT_COLUMNS[kind] as readonly { name: string; required: boolean }[];
  const send = (apply: boolean) =>
    uploadFiles(`${gatewayPath('cars.catalog', `import/${kind}${isRestylingImport(kind) ? `/${restylingId}` : ''}${apply ? '' : '/preview'}`)}${kind === 'price_body_colors' && deleteAll ? '?delete_all=true' : ''}`, { file: file! }) as unknown as Promise<FileImportReport>;

  const preview = useMutation({
    mutationFn: () => send(false),
    onSuccess: (result) => {
      setReport(result);
      setShown(result.errors > 0 ? 'error' : 'all');
    },
    onError: (error) => setFileError(errorTitle(error)),
  });
  const apply = useMutation({
    mutationFn: () => send(true),
    onSuccess: async (result) => {
      setReport(result);
      setShown('all');
      await Promise.all([...resources, auditResource as unknown as AnyResource].map((resource) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource).all })));
      notify.success(t('colors_import.applied_notice'));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const rows = useMemo(() => (report?.rows ?? []).filter((row) => shown === 'all' || row.status === shown), [report, shown]);
  const step = report?.applied ? 2 : report ? 1 : 0;
  const writable = report ? report.create + report.update + report.deleted : 0;
  const choose = (chosen: File) => {
    setFileError(chosen.size > CATALOG_IMPORT_LIMITS.maxBytes ? t('colors_import.too_large', { size: CATALOG_IMPORT_LIMITS.maxBytes / 1024 / 1024 }) : null);
    setFile(chosen);
    setReport(null);
    return false;
  };

  const status = (row: FileImportRow) => <Tag color={STATUS_COLORS[row.status]}>{t(`colors_import.statuses.${row.status}`)}</Tag>;
  const messages = (row: FileImportRow) =>
    row.errors.length ? (
      <ul className="catalog-import__messages">
        {row.errors.map((error, index) => (
          <li key={index}>
            <Typography.Text code>{error.field}</Typography.Text> {error.message}
          </li>
        ))}
      </ul>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  // The row's cells as read (never evaluated): "column: value" pairs, one per line.
  const values = (row: FileImportRow) => (
    <div className="catalog-import__values">
      {columns.map((column) =>
        row.values[column.name] ? (
          <Typography.Text key={column.name} ellipsis={{ tooltip: row.values[column.name] }}>
            <Typography.Text type="secondary">{column.name}:</Typography.Text> {row.values[column.name]}
          </Typography.Text>
        ) : null,
      )}
    </div>
  );
  const tableColumns: TableColumnsType<FileImportRow> = narrow
    ? [
        { key: 'row', dataIndex: 'row', title: t('colors_import.columns.row'), width: 72 },
        { key: 'all', title: t('colors_import.columns.values'), render: (_v, row) => <div>{values(row)}<div className="catalog-import__check">{status(row)}{row.errors.length ? messages(row) : null}</div></div> },
      ]
    : [
        { key: 'row', dataIndex: 'row', title: t('colors_import.columns.row'), width: 80 },
        { key: 'values', title: t('colors_import.columns.values'), width: 320, render: (_v, row) => values(row) },
        { key: 'status', title: t('colors_import.columns.status'), width: 140, render: (_v, row) => status(row) },
        { key: 'errors', title: t('colors_import.columns.messages'), render: (_v, row) => messages(row) },
      ];

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" disabled={!file || !!fileError} loading={preview.isPending} onClick={() => preview.mutate()}>
          {t('colors_import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space wrap>
        <Button onClick={() => setReport(null)}>{t('colors_import.other_file')}</Button>
        <Button type="primary" disabled={writable === 0} loading={apply.isPending} onClick={() => apply.mutate()}>
          {t('colors_import.apply', { count: report!.create + report!.update })}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose}>{t('colors_import.done')}</Button>
    );

  return (
    <Modal open title={t(`colors_import.title_${kind}`)} width={1000} onCancel={onClose} footer={footer} destroyOnHidden className="catalog-import">
      <Steps size="small" responsive={false} current={step} items={[{ title: t('colors_import.step_file') }, { title: t('colors_import.step_check') }, { title: t('colors_import.step_done') }]} className="catalog-import__steps" />
      {step === 0 && (
        <>
          <Typography.Paragraph>
            {t(kind === 'body_colors' || kind === 'price_body_colors' || kind === 'upholsteries' ? 'colors_import.format' : 'colors_import.format_codes', {
              rows: CATALOG_IMPORT_LIMITS.maxRows,
              size: CATALOG_IMPORT_LIMITS.maxBytes / 1024 / 1024,
              columns: columns.map((column) => column.name).join(', '),
              required: columns.filter((column) => column.required).map((column) => column.name).join(', '),
            })}
          </Typography.Paragraph>
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={() => downloadTemplate(kind, restylingId)} className="catalog-import__template">
            {t('colors_import.template')}
          </Button>
          <Upload.Dragger accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" multiple={false} maxCount={1} beforeUpload={choose} onRemove={() => setFile(null)} fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []} aria-label={t('colors_import.choose')}>
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
            <p className="ant-upload-text">{t('colors_import.choose')}</p>
            <p className="ant-upload-hint">{t('colors_import.choose_hint')}</p>
          </Upload.Dragger>
          {kind === 'price_body_colors' && (
            <Checkbox checked={deleteAll} onChange={(event) => setDeleteAll(event.target.checked)} className="catalog-import__delete-all">
              {t('colors_import.delete_all')}
            </Checkbox>
          )}
          {fileError && <Alert type="error" showIcon title={fileError} className="catalog-import__alert" role="alert" />}
        </>
      )}
      {report && (
        <>
          {report.applied ? (
            <Result
              status={report.create + report.update + report.deleted > 0 ? 'success' : 'warning'}
              title={t('colors_import.applied', { create: report.create, update: report.update })}
              subTitle={t('colors_import.applied_hint', { unchanged: report.unchanged, errors: report.errors, deleted: report.deleted })}
              className="catalog-import__result"
            />
          ) : (
            <Alert type={report.errors > 0 ? 'warning' : 'success'} showIcon title={report.errors > 0 ? t('colors_import.check_warning') : t('colors_import.check_ok')} className="catalog-import__alert" />
          )}
          <Space size={narrow ? 16 : 32} wrap className="catalog-import__stats">
            <Statistic title={t('colors_import.total')} value={report.total} />
            <Statistic title={t('colors_import.create')} value={report.create} styles={{ content: { color: '#389e0d' } }} />
            <Statistic title={t('colors_import.update')} value={report.update} styles={{ content: { color: '#0958d9' } }} />
            <Statistic title={t('colors_import.unchanged')} value={report.unchanged} />
            <Statistic title={t('colors_import.errors')} value={report.errors} styles={{ content: { color: report.errors ? '#cf1322' : undefined } }} />
            {kind === 'price_body_colors' && <Statistic title={t('colors_import.deleted')} value={report.deleted} styles={{ content: { color: report.deleted ? '#d48806' : undefined } }} />}
          </Space>
          <Segmented
            value={shown}
            onChange={(value) => setShown(value as Shown)}
            options={(['all', 'error', 'create', 'update', 'unchanged'] as const).map((value) => ({ value, label: t(`colors_import.show.${value}`) }))}
            className="catalog-import__filter"
          />
          <DataTable<FileImportRow>
            rowKey="row"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: narrow ? undefined : 800 }}
            tableLayout="fixed"
            columns={tableColumns}
          />
        </>
      )}
    </Modal>
  );
}

/** A header button opening an import, for holders of the code that writes its records. */
export function ImportButton({ kind, resources, code }: { kind: CatalogImportKind; resources: AnyResource[]; code: string }) {
  const { t } = useTranslation('cars.catalog');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(user?.permissions ?? {}, 'cars.catalog', [code])) return null;
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t(`colors_import.button_${kind}`)}
      </Button>
      {open && <CatalogImportDialog kind={kind} resources={resources} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The imports of one restyling's marketing complectations (specifications, prices, options:
 * POST /import/{kind}/{restylingId}) as a menu, for holders of marketing_complectations.patch.
 * `compact`: an icon button for a table row.
 */
export function RestylingImportMenu({ restylingId, resources, compact = false }: { restylingId: number; resources: AnyResource[]; compact?: boolean }) {
  const { t } = useTranslation('cars.catalog');
  const { user } = useSession();
  const [kind, setKind] = useState<CatalogImportKind | null>(null);
  if (!hasAnyPermission(user?.permissions ?? {}, 'cars.catalog', [CATALOG_IMPORT_CODES.prices])) return null;
  const items = RESTYLING_IMPORT_KINDS.map((value) => ({ key: value, label: t(`colors_import.button_${value}`) }));
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => setKind(key as CatalogImportKind) }}>
        {compact ? (
          <IconButton size="small" type="text" icon={<UploadOutlined aria-hidden />} aria-label={t('colors_import.restyling_menu')} title={t('colors_import.restyling_menu')} />
        ) : (
          <Button icon={<UploadOutlined aria-hidden />}>
            {t('colors_import.restyling_menu')} <DownOutlined aria-hidden />
          </Button>
        )}
      </Dropdown>
      {kind && <CatalogImportDialog kind={kind} restylingId={restylingId} resources={resources} onClose={() => setKind(null)} />}
    </>
  );
}

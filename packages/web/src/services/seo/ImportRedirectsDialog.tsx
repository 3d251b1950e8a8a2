import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Modal, Result, Segmented, Space, Statistic, Steps, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REDIRECT_IMPORT_LIMITS, redirectResource, type AnyResource, type ImportReport, type ImportRowReport } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { errorTitle } from '../../kit/api.ts';
import { uploadFiles } from '../sites.context/site-api.ts';
import { seoPath, useInvalidateSeo } from './seo-api.ts';
import { saveFile } from '../../kit/save-file.ts';
import { DataTable } from '../../kit/DataTable.tsx';

type Shown = 'all' | ImportRowReport['status'];
const STATUS_COLORS: Record<ImportRowReport['status'], string> = { valid: 'green', error: 'red', duplicate: 'gold' };
const SAMPLE = '\uFEFFfrom;to;code\r\n/old-page;/new-page;301\r\n/akcii;/specials;302\r\n/old-news;https://news.example.ru/;301\r\n';

/** A file of the example format, made in the browser. */
function downloadSample() {
  saveFile(new Blob([SAMPLE], { type: 'text/csv;charset=utf-8' }), 'redirects.csv');
}

/**
 * Redirect import (spec 000 §7 import_redirects, §5 "needs a file"): choose a CSV or XLSX file,
 * see every row checked (valid, error with its row number and message, duplicate), then apply:
 * the valid rows are written in one go, the others are left out, and the report says so.
 */
export function ImportRedirectsDialog({ siteId, onClose }: { siteId: string; onClose: () => void }) {
  const { t } = useTranslation(['seo', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [shown, setShown] = useState<Shown>('all');
  const narrow = Grid.useBreakpoint().md === false;
  const invalidate = useInvalidateSeo(redirectResource as unknown as AnyResource);
  const send = (apply: boolean) => uploadFiles(seoPath(`sites/${siteId}/import_redirects${apply ? '' : '/preview'}`), { file: file! }) as unknown as Promise<ImportReport>;

  const preview = useMutation({
    mutationFn: () => send(false),
    onSuccess: (result) => {
      setReport(result);
      setShown(result.errors + result.duplicates > 0 ? 'all' : 'valid');
    },
    onError: (error) => setFileError(errorTitle(error)),
  });
  const apply = useMutation({
    mutationFn: () => send(true),
    onSuccess: async (result) => {
      setReport(result);
      await invalidate();
      notify.success(t('import.applied_notice', { count: result.created }));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const rows = useMemo(() => (report?.rows ?? []).filter((row) => shown === 'all' || row.status === shown), [report, shown]);
  const step = report?.applied ? 2 : report ? 1 : 0;
  const choose = (chosen: File) => {
    setFileError(chosen.size > REDIRECT_IMPORT_LIMITS.maxBytes ? t('import.too_large', { size: REDIRECT_IMPORT_LIMITS.maxBytes / 1024 / 1024 }) : null);
    setFile(chosen);
    setReport(null);
    return false;
  };

  const status = (row: ImportRowReport) => <Tag color={STATUS_COLORS[row.status]}>{t(`import.statuses.${row.status}`)}</Tag>;
  const messages = (row: ImportRowReport) =>
    row.errors.length ? (
      <ul className="import-dialog__messages">
        {row.errors.map((error, index) => <li key={index}>{error.message}</li>)}
      </ul>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  const address = (value: string) => <Typography.Text ellipsis={{ tooltip: value }} className="cell-text">{value || '—'}</Typography.Text>;
  // What is wrong with a row is what the reader needs most: its column takes the rest of the width.
  const wideColumns: TableColumnsType<ImportRowReport> = [
    { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 72 },
    { key: 'from', dataIndex: 'from', title: t('import.columns.from'), width: 170, render: address },
    { key: 'to', dataIndex: 'to', title: t('import.columns.to'), width: 170, render: address },
    { key: 'code', dataIndex: 'code', title: t('import.columns.code'), width: 70 },
    { key: 'status', title: t('import.columns.status'), width: 120, render: (_value, row) => status(row) },
    { key: 'errors', title: t('import.columns.messages'), render: (_value, row) => messages(row) },
  ];
  // On a phone: the row, its redirect, and the check with its reasons under it.
  const compactColumns: TableColumnsType<ImportRowReport> = [
    { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 80 },
    {
      key: 'redirect',
      title: `${t('import.columns.from')} → ${t('import.columns.to')}`,
      render: (_value, row) => (
        <div className="import-dialog__redirect">
          {address(row.from)}
          {address(`→ ${row.to}`)}
          {row.code ? <Typography.Text type="secondary">{t('import.columns.code')}: {row.code}</Typography.Text> : null}
          <div className="import-dialog__check">{status(row)}{row.errors.length ? messages(row) : null}</div>
        </div>
      ),
    },
  ];

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" disabled={!file || !!fileError} loading={preview.isPending} onClick={() => (file ? preview.mutate() : setFileError(t('import.file_required')))}>
          {t('import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space wrap>
        <Button onClick={() => setReport(null)}>{t('import.other_file')}</Button>
        <Button type="primary" disabled={report!.valid === 0} loading={apply.isPending} onClick={() => apply.mutate()}>
          {t('import.apply', { count: report!.valid })}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose}>{t('import.done')}</Button>
    );

  return (
    <Modal open title={t('import.title')} width={960} onCancel={onClose} footer={footer} destroyOnHidden className="import-dialog">
      <Steps size="small" responsive={false} current={step} items={[{ title: t('import.step_file') }, { title: t('import.step_check') }, { title: t('import.step_done') }]} className="import-dialog__steps" />
      {step === 0 && (
        <>
          <Typography.Paragraph>{t('import.format', { rows: REDIRECT_IMPORT_LIMITS.maxRows, size: REDIRECT_IMPORT_LIMITS.maxBytes / 1024 / 1024 })}</Typography.Paragraph>
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={downloadSample} className="import-dialog__sample">
            {t('import.sample')}
          </Button>
          <Upload.Dragger accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" multiple={false} maxCount={1} beforeUpload={choose} onRemove={() => setFile(null)} fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []} aria-label={t('import.choose')}>
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
            <p className="ant-upload-text">{t('import.choose')}</p>
            <p className="ant-upload-hint">{t('import.choose_hint')}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon title={fileError} className="import-dialog__alert" role="alert" />}
        </>
      )}
      {report && (
        <>
          {report.applied ? (
            <Result status={report.created > 0 ? 'success' : 'warning'} title={t('import.applied', { count: report.created })} subTitle={t('import.applied_hint', { skipped: report.total - report.created })} className="import-dialog__result" />
          ) : (
            <Alert
              type={report.errors + report.duplicates > 0 ? 'warning' : 'success'}
              showIcon
              title={report.errors + report.duplicates > 0 ? t('import.check_warning') : t('import.check_ok')}
              className="import-dialog__alert"
            />
          )}
          <Space size={narrow ? 16 : 32} wrap className="import-dialog__stats">
            <Statistic title={t('import.total')} value={report.total} />
            <Statistic title={t('import.valid')} value={report.valid} styles={{ content: { color: '#389e0d' } }} />
            <Statistic title={t('import.errors')} value={report.errors} styles={{ content: { color: report.errors ? '#cf1322' : undefined } }} />
            <Statistic title={t('import.duplicates')} value={report.duplicates} styles={{ content: { color: report.duplicates ? '#d48806' : undefined } }} />
          </Space>
          <Segmented
            value={shown}
            onChange={(value) => setShown(value as Shown)}
            options={(['all', 'error', 'duplicate', 'valid'] as const).map((value) => ({ value, label: t(`import.show.${value}`) }))}
            className="import-dialog__filter"
          />
          <DataTable<ImportRowReport>
            rowKey="row"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: narrow ? undefined : 760 }}
            tableLayout="fixed"
            columns={narrow ? compactColumns : wideColumns}
          />
        </>
      )}
    </Modal>
  );
}

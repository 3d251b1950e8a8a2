import { Alert, Result, Space, Statistic, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { FileImportReport, FileImportRow } from '@dp/contracts';
import { DataTable } from './DataTable.tsx';

/**
 * What a file import's check or apply answered, as the import dialogs show it: the outcome, the
 * counts, then every row with its status and messages. The texts come from the dialog's service
 * (`import.total`, `import.create`, `import.update`, `import.unchanged`, `import.errors`,
 * `import.check_ok`, `import.check_warning`).
 */
export function ImportReportView({ report, rows, columns, narrow, t, counts, applied }: {
  report: FileImportReport;
  rows: FileImportRow[];
  columns: TableColumnsType<FileImportRow>;
  narrow: boolean;
  t: TFunction;
  /** The counts besides the total and the errors. */
  counts: ('create' | 'update' | 'unchanged')[];
  /** The title and the line under it once applied. */
  applied: { title: string; subTitle?: string };
}) {
  return (
    <>
      {report.applied ? (
        <Result status="success" title={applied.title} subTitle={applied.subTitle} />
      ) : (
        <Alert type={report.errors > 0 ? 'warning' : 'success'} showIcon title={report.errors > 0 ? t('import.check_warning', { count: report.errors }) : t('import.check_ok')} style={{ marginBottom: 16 }} />
      )}
      <Space size={narrow ? 16 : 32} wrap style={{ marginBottom: 16 }}>
        <Statistic title={t('import.total')} value={report.total} />
        {counts.map((count) => (
          <Statistic key={count} title={t(`import.${count}`)} value={report[count]} />
        ))}
        <Statistic title={t('import.errors')} value={report.errors} styles={{ content: { color: report.errors ? '#cf1322' : undefined } }} />
      </Space>
      <DataTable<FileImportRow> rowKey="row" size="small" dataSource={rows} pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }} tableLayout="fixed" columns={columns} />
    </>
  );
}

import { useMemo } from 'react';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { auditResource, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { useScreenPaths } from '../../app/useShell.ts';
import { ActionTag, AuditDetails, auditTarget } from '../../kit/AuditHistory.tsx';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { CellText } from '../../kit/ResourceTable.tsx';
import { labelText } from '../../kit/resourceText.ts';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';

type Row = JsonApiRecord<Record<string, unknown>>;

/** The page of an entry's record, when the web has one among `screens` (/clients.storage/users/12). */
function auditRecordPath(entry: Row['attributes'], screens: readonly string[]): string | null {
  const target = auditTarget(entry);
  if (!target || !/^\d+$/.test(String(entry.record_id ?? ''))) return null;
  const hasPage = screens.some((path) => path.startsWith(target.screen) && /\{\w+\}$/.test(path.slice(target.screen.length)));
  return hasPage ? `${target.screen}${String(entry.record_id)}` : null;
}

/** An entry's record by name, linked to its page; its number when it has no name. */
function RecordCell({ record }: { record: Row }) {
  const a = record.attributes;
  const screens = useScreenPaths();
  if (a.record_id === null || a.record_id === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  const text = a.record_label ? labelText(auditTarget(a), String(a.record_label)) : `#${String(a.record_id)}`;
  const path = auditRecordPath(a, screens);
  return path ? (
    <Link to={path} className="cell-link">
      <CellText>{text}</CellText>
    </Link>
  ) : (
    <CellText>{text}</CellText>
  );
}

/** The audit trail: every write and access event in words, filterable; a row opens its changes. */
export default function AuditPage() {
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      cellRenderers: {
        action: (value) => <ActionTag action={value} />,
        record_id: (_value, record) => <RecordCell record={record} />,
      },
    }),
    [],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={auditResource as unknown as AnyResource} expandable={(record) => <AuditDetails entry={record.attributes} />} />
    </ResourceListExtras.Provider>
  );
}

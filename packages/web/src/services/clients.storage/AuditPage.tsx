import { auditResource, type AnyResource } from '@dp/contracts';
import { AuditChanges } from '../../kit/AuditHistory.tsx';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

/** The audit trail: every write and access event, filterable; a row opens its changes. */
export default function AuditPage() {
  return (
    <ResourceListPage
      resource={auditResource as unknown as AnyResource}
      expandable={(record) => <AuditChanges changes={record.attributes.changes as Record<string, unknown> | null} />}
    />
  );
}

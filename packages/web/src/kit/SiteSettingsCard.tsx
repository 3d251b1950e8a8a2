import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AnyResource, JsonApiRecord } from '@dp/contracts';
import { ContentLoader } from './Loader.tsx';
import { LoadFailed } from './QueryStates.tsx';
import { ResourceForm } from './ResourceForm.tsx';

/**
 * The card of a site's settings record (useSiteSettings): the screen's introduction, then a
 * loader, the load error with a retry, or the resource's form (read only without the right to
 * change it), saved through the resource machinery and read again after a save. `notice` stands
 * between the introduction and the form (the state of a widget's pulls).
 */
export function SiteSettingsCard({ resource, settings, intro, canChange, notice }: { resource: AnyResource; settings: UseQueryResult<JsonApiRecord<object>>; intro: ReactNode; canChange: boolean; notice?: ReactNode }) {
  return (
    <Card variant="borderless" className="page-card">
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {notice}
      {settings.isPending ? (
        <ContentLoader />
      ) : settings.isError ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ResourceForm key={settings.data.id} resource={resource} record={settings.data as never} wide readOnly={!canChange} onSaved={() => void settings.refetch()} />
      )}
    </Card>
  );
}

import { restrictionResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function RestrictionsPage() {
  return <ResourceListPage resource={restrictionResource as unknown as AnyResource} />;
}

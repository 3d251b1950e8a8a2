import type { ComponentType } from 'react';
import {
  bodyResource,
  brandResource,
  colorResource,
  complectationResource,
  fuelResource,
  generationResource,
  modelResource,
  restylingResource,
  transmissionResource,
  wheelDriveResource,
  marketingComplectationResource,
  optionResource,
  type AnyResource,
} from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { RestylingImportMenu } from './CatalogImportDialog.tsx';

/** The list screen of one plain catalogue resource (spec 001 §2 /cars.catalog/...). */
const listPage = (resource: unknown): ComponentType =>
  function CatalogListPage() {
    return <ResourceListPage resource={resource as AnyResource} />;
  };

const importedResources = [marketingComplectationResource, optionResource] as unknown as AnyResource[];
/** Each restyling's row offers its imports (specifications, prices, options of its marketing complectations). */
const restylingExtras: ResourceListExtrasValue = {
  leadingColumns: [{ key: 'imports', width: 48, render: (_value, record) => <RestylingImportMenu restylingId={Number(record.id)} resources={importedResources} compact /> }],
};
function RestylingsPage() {
  return (
    <ResourceListExtras.Provider value={restylingExtras}>
      <ResourceListPage resource={restylingResource as unknown as AnyResource} />
    </ResourceListExtras.Provider>
  );
}

/** The catalogue's plain screens by resource name: brands, models ... colors. */
export const CATALOG_PAGES: Record<string, ComponentType> = {
  ...Object.fromEntries(
    [brandResource, modelResource, generationResource, restylingResource, complectationResource, bodyResource, fuelResource, transmissionResource, wheelDriveResource, colorResource].map(
      (resource) => [resource.name, listPage(resource)],
    ),
  ),
  restylings: RestylingsPage,
};

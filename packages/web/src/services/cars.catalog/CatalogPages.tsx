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
  type AnyResource,
} from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

/** The list screen of one plain catalogue resource (spec 001 §2 /cars.catalog/...). */
const listPage = (resource: unknown): ComponentType =>
  function CatalogListPage() {
    return <ResourceListPage resource={resource as AnyResource} />;
  };

/** The catalogue's plain screens by resource name: brands, models ... colors. */
export const CATALOG_PAGES: Record<string, ComponentType> = Object.fromEntries(
  [brandResource, modelResource, generationResource, restylingResource, complectationResource, bodyResource, fuelResource, transmissionResource, wheelDriveResource, colorResource].map(
    (resource) => [resource.name, listPage(resource)],
  ),
);

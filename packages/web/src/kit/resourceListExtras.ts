import { createContext, type ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { JsonApiRecord } from '@dp/contracts';

/**
 * What a screen adds to the generic ResourceListPage without forking it: actions in the page
 * header, columns in front of the resource's own (a favorites star ...) and cells of its own.
 * A screen wraps ResourceListPage in ResourceListExtras.Provider.
 */
export interface ResourceListExtrasValue {
  headerExtra?: ReactNode;
  /** Views of one screen (a list and its second list) as tabs under the page's title. */
  headerTabs?: ReactNode;
  leadingColumns?: TableColumnsType<JsonApiRecord<Record<string, unknown>>>;
  /** A screen's own rendering of a column's cells (the audit trail names records), by field. */
  cellRenderers?: Record<string, (value: unknown, record: JsonApiRecord<Record<string, unknown>>) => ReactNode>;
  /**
   * A screen's own input for a form field (a gallery's images through the media picker), by field:
   * the element gets the field's value and onChange from the form.
   */
  formWidgets?: Record<string, (props: { 'aria-label': string }) => ReactNode>;
}

export const ResourceListExtras = createContext<ResourceListExtrasValue>({});

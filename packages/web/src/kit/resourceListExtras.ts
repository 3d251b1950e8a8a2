import { createContext, type ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { JsonApiRecord } from '@dp/contracts';

/**
 * What a screen adds to the generic ResourceListPage without forking it: actions in the page
 * header and columns in front of the resource's own (a favorites star, a selection mark ...).
 * A screen wraps ResourceListPage in ResourceListExtras.Provider.
 */
export interface ResourceListExtrasValue {
  headerExtra?: ReactNode;
  leadingColumns?: TableColumnsType<JsonApiRecord<Record<string, unknown>>>;
}

export const ResourceListExtras = createContext<ResourceListExtrasValue>({});

import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { Plugin } from 'vite';
import { appTheme } from './src/app/theme.ts';

/**
 * antd's component styles built once, at build time, from the admin's theme (src/app/theme.ts,
 * whose zeroRuntime keeps antd from building them in the browser on every cold load): every
 * component is rendered on the server under the theme and the styles it registers are collected,
 * as antd builds its own dist/antd.css. The theme's values are CSS variables in them, which antd
 * sets at run time.
 */

type Any = ComponentType<Record<string, unknown>>;
const component = (name: string) => (antd as unknown as Record<string, Any>)[name]!;
const panel = (name: string) => (component(name) as unknown as { _InternalPanelDoNotUseOrYouWillBeFired?: Any })._InternalPanelDoNotUseOrYouWillBeFired;

/** Components that render nothing on the server on their own: shown open, in place, or their panel. */
const customRender: Record<string, () => ReactNode> = {
  ConfigProvider: () => null,
  Grid: () => null,
  Affix: () => createElement(component('Affix'), {}, createElement('div')),
  Dropdown: () => createElement(component('Dropdown'), { menu: { items: [] } }, createElement('div')),
  Menu: () => createElement(component('Menu'), { items: [] }),
  QRCode: () => createElement(component('QRCode'), { value: 'https://example.com' }),
  Tree: () => createElement(component('Tree'), { treeData: [] }),
  Drawer: () => createElement(component('Drawer'), { open: true, getContainer: false }),
  Modal: () => createElement(component('Modal'), { open: true, getContainer: false }),
  Tour: () => createElement(component('Tour'), { open: false }),
  // A tag's colours are styles of their own, registered once a tag has one.
  Tag: () => createElement(Fragment, null, createElement(component('Tag')), createElement(component('Tag'), { color: 'green' }), createElement(component('Tag'), { color: 'success' }), ...parts('Tag')),
};

/** The popups' panels, which carry their styles (a modal's, a tooltip's, a select's dropdown ...). */
const PANELS = ['AutoComplete', 'Cascader', 'DatePicker', 'InputNumber', 'Mentions', 'message', 'Modal', 'notification', 'Popconfirm', 'Popover', 'Select', 'TimePicker', 'Tooltip', 'Tour', 'TreeSelect'];

/** Parts that render only inside their whole, with its data (their styles are the whole's). */
const INNER_PARTS = new Set(['Form.List', 'Form.ErrorList', 'Menu.Item', 'Menu.SubMenu', 'Menu.Divider', 'Menu.ItemGroup', 'Transfer.List', 'Transfer.Operation', 'Tree.TreeNode']);
const isComponent = (value: unknown) => typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/** A component's own parts with styles of their own (Input.Search, Layout.Sider, Tag.CheckableTag ...). */
function parts(name: string): ReactNode[] {
  const whole = component(name) as unknown as Record<string, unknown>;
  return Object.keys(whole)
    .filter((key) => (/^[A-Z][a-z]/.test(key) || key === 'OTP') && isComponent(whole[key]) && !INNER_PARTS.has(`${name}.${key}`))
    .map((key) => createElement(Fragment, { key: `${name}.${key}` }, createElement(whole[key] as Any)));
}

function everyComponent(): ReactNode {
  const names = Object.keys(antd).filter((name) => /^[A-Z]/.test(name) && typeof component(name) !== 'string');
  return createElement(
    Fragment,
    null,
    ...names.map((name) => createElement(Fragment, { key: name }, customRender[name] ? customRender[name]() : createElement(component(name)), ...(customRender[name] ? [] : parts(name)))),
    // A confirmation (Modal.confirm) has styles of its own.
    createElement(panel('Modal')!, { key: 'confirm', type: 'confirm', title: 'x' }),
    ...PANELS.map((name) => {
      const Panel = panel(name);
      return Panel ? createElement(Fragment, { key: `${name}.panel` }, createElement(Panel, name === 'Tooltip' || name === 'Popover' || name === 'Popconfirm' ? { title: 'x' } : {})) : null;
    }),
  );
}

/** The CSS of every antd component under the admin's theme. */
export function buildAntdStyles(): string {
  const cache = createCache();
  // Rendered as the runtime would without zeroRuntime: that is what registers the styles.
  const themed = { ...appTheme, zeroRuntime: false };
  renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme: themed }, everyComponent())));
  // Only the components' styles: the theme's variables are set at run time under their own class.
  return extractStyle(cache, { plain: true, types: ['style'] });
}

const MODULE = 'virtual:antd-styles.css';

/** `import 'virtual:antd-styles.css'`: the built styles, emitted by Vite as a hashed CSS asset the page links. */
export function antdStyles(): Plugin {
  return {
    name: 'dp-antd-styles',
    resolveId: (id) => (id === MODULE ? MODULE : undefined),
    load: (id) => (id === MODULE ? buildAntdStyles() : undefined),
  };
}

import { theme } from 'antd';

/** A user whose system asks for reduced motion gets none: antd's transitions are switched off. */
const prefersReducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The admin's antd theme. zeroRuntime: antd builds no component styles in the browser; they come
 * built from this same theme as a static, hashed CSS file (antd-styles.ts, linked by index.html).
 * The theme's values reach those styles as CSS variables, which antd still sets at run time (one
 * small style element per theme, with the CSP nonce).
 */
export const appTheme = {
  algorithm: theme.defaultAlgorithm,
  zeroRuntime: true,
  hashed: false,
  token: {
    motion: !prefersReducedMotion,
    colorPrimary: '#1f5eff',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: 56, siderBg: '#ffffff', bodyBg: '#f5f6f8' },
  },
};

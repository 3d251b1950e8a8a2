import { cspConfig, nonceScriptedStyles } from './csp.ts';

// The page's CSP (server kit/browser-protection.ts) refuses eval(): zod would probe it when
// building its first object schema and report a violation, so it is told not to. Through the
// settings object zod adopts from globalThis when it loads (zod/v4/core/core.js, shared by every
// copy of zod), so that the entry chunk does not load zod's core for it: pages that use zod load it
// later (docs/performance.md). Styles created outside antd get the nonce.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
nonceScriptedStyles(cspConfig.nonce);

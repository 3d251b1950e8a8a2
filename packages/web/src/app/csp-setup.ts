import { z } from 'zod';
import { cspConfig, nonceScriptedStyles } from './csp.ts';

// The page's CSP (server kit/browser-protection.ts) refuses eval(): zod would probe it when
// building its first object schema and report a violation, so it is told not to. Styles created
// outside antd get the nonce.
z.config({ jitless: true });
nonceScriptedStyles(cspConfig.nonce);

import { OWN_DOCUMENT, webConfig } from './vitest.config.ts';

export default webConfig({ name: 'web-own-document', include: OWN_DOCUMENT, isolate: true });

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLOR_SCHEMES, COLORS, COMPONENTS, componentDictionary, filterText, findComponent, RENDER_LOCALES, TITLE_WEIGHTS } from '@dp/contracts';
import { AppError } from '../../kit/errors.ts';

const BASE = '/gateway/render/api/v1';
const tags = ['render'];

/** A dictionary entry as a JSON:API record: its code is its id. */
const record = (type: string, { code, ...attributes }: { code: string } & Record<string, unknown>) => ({ id: code, type, attributes });

/**
 * The render dictionaries (spec 000 §7 "Render"), declared in contracts (render/dictionaries.ts,
 * floors.storage/components.ts): open to every signed-in user, since the page, layout, stage and
 * floor editors of every role read them and they hold nothing of any client.
 */
export function registerRenderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${BASE}/color_schemes`, { schema: { tags, summary: 'Colour schemes with their palettes' } }, async () => ({ data: COLOR_SCHEMES.map((entry) => record('color_schemes', { ...entry })) }));
  r.get(`${BASE}/locales`, { schema: { tags, summary: 'Languages of sites' } }, async () => ({ data: RENDER_LOCALES.map((entry) => record('locales', { ...entry })) }));
  r.get(`${BASE}/title_weights`, { schema: { tags, summary: 'Title weights of headings' } }, async () => ({ data: TITLE_WEIGHTS.map((entry) => record('title_weights', { ...entry })) }));
  r.get(`${BASE}/colors`, { schema: { tags, summary: 'Background colours of floors' } }, async () => ({ data: COLORS.map((entry) => record('colors', { ...entry })) }));
  r.get(
    `${BASE}/components`,
    {
      schema: {
        tags,
        summary: 'Components by identity (`identities=text,cards`; all without it): names, value fields, defaults',
        querystring: z.strictObject({ identities: filterText(2000).optional() }),
      },
    },
    async (request) => {
      const wanted = (request.query.identities ?? '').split(',').map((identity) => identity.trim()).filter(Boolean);
      const unknown = wanted.find((identity) => !findComponent(identity));
      if (unknown !== undefined) throw new AppError(400, 'floor_component_not_found', { component: unknown.slice(0, 100) }, 'identities');
      const chosen = wanted.length ? wanted.map((identity) => findComponent(identity)!) : COMPONENTS;
      return { data: [...new Set(chosen)].map((component) => ({ id: component.identity, type: 'components', attributes: componentDictionary(component) })) };
    },
  );
}

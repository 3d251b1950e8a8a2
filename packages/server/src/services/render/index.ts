import { defineServerService } from '../../kit/service.ts';
import { registerRenderRoutes } from './render.routes.ts';

/** The render dictionaries, read by every editor (declared in contracts). */
export const render = defineServerService({
  name: 'render',
  async register(app) {
    registerRenderRoutes(app);
  },
});

import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { floorGroupResource, floorResource } from './floor.resource.ts';
import { DEMO_FLOOR_GROUPS } from './demo-floor-groups.ts';

export * from './rich-text.ts';
export * from './components.ts';
export * from './floor.resource.ts';
export * from './demo-floor-groups.ts';

/** floors.storage: floors (the blocks pages are made of) and their groups. */
export const floorsStorageContract = defineService({
  name: 'floors.storage',
  permissions: {
    // Floors (enable and disable with floors.patch) and their groups (read with floors.get_list).
    codes: ['floors.get_list', 'floors.create', 'floors.patch', 'floors.delete', 'floor_groups.create', 'floor_groups.patch', 'floor_groups.delete'],
    entities: {
      floors: text('Этажи', 'Floors'),
      floor_groups: text('Группы этажей', 'Floor groups'),
    },
  },
  resources: [floorResource, floorGroupResource],
  screens: [
    // Floors and their groups; creation and editing on pages of their own.
    screen('floors', '/floors.storage/floors', 'dictionaries', 'content', 30, ['floors.get_list']),
    screen('floor_create', '/floors.storage/floors/create', null, 'content', 31, ['floors.create']),
    screen('floor_edit', '/floors.storage/floors/edit/{id}', null, 'content', 32, ['floors.get_list']),
    screen('floor_groups', '/floors.storage/groups', 'dictionaries', 'content', 33, ['floors.get_list']),
    screen('floor_group_create', '/floors.storage/groups/create', null, 'content', 34, ['floor_groups.create']),
    screen('floor_group_edit', '/floors.storage/groups/edit/{id}', null, 'content', 35, ['floors.get_list']),
  ],
  routes: [
    // Enable and disable a floor.
    api('POST', '/api/v1/floors/{id}/enable', ['floors.patch']),
    api('POST', '/api/v1/floors/{id}/disable', ['floors.patch']),
  ],
  seeded: Object.values(DEMO_FLOOR_GROUPS).flatMap((group) => [group.name, group.description]),
});

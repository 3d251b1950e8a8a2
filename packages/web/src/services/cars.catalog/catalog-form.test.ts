import { describe, expect, it } from 'vitest';
import { complectationResource, type AnyResource } from '@dp/contracts';
import { toAttributes } from '../../kit/ResourceForm.tsx';

/** The cascading pickers of the catalogue forms only narrow choices: their values are never sent. */
describe('catalogue forms', () => {
  const resource = complectationResource as unknown as AnyResource;

  it('sends the restyling and the name, not the brand, model and generation that chose it', () => {
    const values = { brand_id: 1, model_id: 2, generation_id: 3, restyling_id: 4, name: ' Prestige ' };
    expect(toAttributes(resource, 'create', values)).toEqual({ restyling_id: 4, name: 'Prestige' });
  });

  it('on edit sends only a changed restyling', () => {
    const initial = { brand_id: 1, model_id: 2, generation_id: 3, restyling_id: 4, name: 'Prestige' };
    expect(toAttributes(resource, 'edit', { ...initial, brand_id: 5, model_id: 6, generation_id: 7, restyling_id: 8 }, initial)).toEqual({ restyling_id: 8 });
  });
});

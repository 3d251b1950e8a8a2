import { floorValueProblems } from '@dp/contracts';
import { AppError } from '../../kit/errors.ts';

/**
 * The floor errors of spec 000 §8 for values given to a component, as field errors: component
 * not found (on the component field), wrong type, too many or too few values (on the value).
 * Empty when the values fit the component.
 */
export function floorValueErrors(component: string, values: unknown, pointers: { component: string; values: string }): AppError[] {
  return floorValueProblems(component, values).map((problem) => {
    const pointer = problem.key === 'floor_component_not_found' ? pointers.component : [pointers.values, ...problem.path.map(String)].join('/');
    return new AppError(400, problem.key, problem.params, pointer);
  });
}

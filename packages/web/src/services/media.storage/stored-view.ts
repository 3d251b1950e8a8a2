import { useState } from 'react';
import { readJson, writeJson } from '../../kit/storage.ts';

/** A view choice remembered in the browser (grid or list). */
export function useStoredJson<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readJson<T>(key) ?? fallback);
  return [value, (next: T) => (writeJson(key, next), setValue(next))];
}

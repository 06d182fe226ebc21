import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessagesRu, minimumAgeRu, pointsMinimumRu, retryInRu } from './messages.ru.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('Russian message catalogue', () => {
  it('has a Russian text for every errors.* key the code can answer with', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const used = new Set<string>();
    for (const file of [
      ...sources(join(root, 'apps', 'server', 'src')),
      ...sources(join(root, 'packages')),
    ]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'(errors\.[a-z_.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((key) => !(key in errorMessagesRu));
    expect(missing).toEqual([]);
    for (const text of Object.values(errorMessagesRu)) expect(text).toMatch(/[А-Яа-яЁё]/);
  });

  it('writes waits and ages with Russian plurals', () => {
    expect(retryInRu(1)).toBe('Повторить можно через 1 секунду');
    expect(retryInRu(43)).toBe('Повторить можно через 43 секунды');
    expect(retryInRu(300)).toBe('Повторить можно через 300 секунд');
    expect(minimumAgeRu(18)).toBe('Регистрация доступна с 18 лет');
    expect(minimumAgeRu(21)).toBe('Регистрация доступна с 21 года');
    expect(pointsMinimumRu(1000)).toBe('Минимум для обмена — 1 000 баллов');
    expect(pointsMinimumRu(1)).toBe('Минимум для обмена — 1 балл');
    expect(pointsMinimumRu(22)).toBe('Минимум для обмена — 22 балла');
    expect(pointsMinimumRu(111)).toBe('Минимум для обмена — 111 баллов');
    expect(minimumAgeRu(22)).toBe('Регистрация доступна с 22 лет');
  });
});

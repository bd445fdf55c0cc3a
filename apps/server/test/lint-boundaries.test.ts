import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries (docs/decisions/016-module-boundaries.md) are enforced by ESLint with the
 * project's own configuration: a file inside a module that reaches into another module's
 * repository is reported, the same import through the module's index.ts is not; a module file
 * that builds queries or reads tables is reported unless it is one of the module's repositories.
 */
const root = resolve(import.meta.dirname, '../../..');
const dir = join(root, 'apps/server/src/modules/chat', `.lint-probe-${randomBytes(4).toString('hex')}`);
const eslint = new ESLint({ cwd: root });

function write(name: string, code: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), code);
}

async function lint(name: string, code: string) {
  write(name, code);
  const file = join(dir, name);
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('module boundaries (ESLint)', { timeout: 60_000 }, () => {
  it("reports a service that imports another module's repository", async () => {
    const messages = await lint(
      'service.ts',
      "import { findPlan } from '../../billing/repository.ts';\n\nexport const probe = findPlan;\n",
    );
    expect(messages.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('reports a service that builds queries itself', async () => {
    const messages = await lint('service.ts', "import { eq } from 'drizzle-orm';\n\nexport const probe = eq;\n");
    expect(messages.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  it('reports any other module file that builds queries or reads tables', async () => {
    for (const [name, code] of [
      ['jobs.ts', "import { sql } from 'drizzle-orm';\n\nexport const probe = sql;\n"],
      ['provider-sync.ts', "import { users } from '../../../db/schema/index.ts';\n\nexport const probe = users;\n"],
    ] as const) {
      const messages = await lint(name, code);
      expect(
        messages.some((m) => m.startsWith('no-restricted-imports')),
        name,
      ).toBe(true);
    }
  });

  it('passes queries in repository.ts and a <part>-repository.ts, and the database types elsewhere', async () => {
    const query =
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../../db/schema/index.ts';\n\n" +
      'export const probe = eq(users.id, users.id);\n';
    expect(await lint('repository.ts', query)).toEqual([]);
    expect(await lint('search-repository.ts', query)).toEqual([]);
    const types = "import type { Db, DbOrTx } from '../../../db/client.ts';\n\nexport type Probe = Db | DbOrTx;\n";
    expect(await lint('service.ts', types)).toEqual([]);
  });

  it("passes the same need met through the module's index.ts", async () => {
    const messages = await lint(
      'service.ts',
      "import { requireFeature } from '../../billing/index.ts';\n\nexport const probe = requireFeature;\n",
    );
    expect(messages).toEqual([]);
  });

  it('reports an import cycle', async () => {
    write('a.ts', "import { b } from './b.ts';\n\nexport const a = () => b;\n");
    const messages = await lint('b.ts', "import { a } from './a.ts';\n\nexport const b = () => a;\n");
    expect(messages.some((m) => m.startsWith('import-x/no-cycle'))).toBe(true);
  });
});

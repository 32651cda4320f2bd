import { join } from 'node:path';
import { runChecks } from '../../../src/api/run.js';
import type { CheckDefinition } from '../../../src/engine/check.js';
import { createProcessAdapter, processControl } from '../../../src/adapters/process/index.js';
import { probes } from './probes.js';
import type { Budgets } from '../../../src/contract/budgets.js';

export const HOSTILE = join(import.meta.dirname, 'hostile');

/** The command that starts one adapter of the gallery. */
export const hostile = (name: string): string[] => [process.execPath, join(HOSTILE, `${name}.mjs`)];

export interface GalleryRun {
  checks: { id: string; status: string; message?: string; evidence?: Record<string, unknown> }[];
  incomplete: boolean;
}

/**
 * Runs `checks` against one adapter of the gallery through the process transport and returns the
 * report cut down to what the gallery asserts: status, fault message and evidence per check.
 */
export async function runHostile(
  name: string,
  opts: {
    checks?: CheckDefinition[];
    runs?: number;
    timeoutMs?: number;
    maxLineBytes?: number;
    env?: NodeJS.ProcessEnv;
    budgets?: Budgets;
  } = {},
): Promise<GalleryRun> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const adapter = await createProcessAdapter(hostile(name), {
    timeoutMs,
    closeGraceMs: 300,
    ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}),
    ...(opts.env !== undefined ? { env: opts.env } : {}),
    ...(opts.budgets !== undefined ? { budgets: opts.budgets } : {}),
  });
  try {
    const report = await runChecks({
      checks: opts.checks ?? probes,
      adapter,
      seed: 7,
      runs: opts.runs ?? 5,
      timeoutMs,
      adapterSpec: `cmd:${name}`,
    });
    return {
      incomplete: report.incomplete,
      checks: report.checks.map((c) => {
        const ev = c.error?.evidence as Record<string, unknown> | undefined;
        const { command: _c, ...evidence } = ev ?? {};
        return {
          id: c.id,
          status: c.status,
          ...(c.error ? { message: c.error.message } : {}),
          ...(ev ? { evidence } : {}),
        };
      }),
    };
  } finally {
    await processControl(adapter)!.close();
  }
}

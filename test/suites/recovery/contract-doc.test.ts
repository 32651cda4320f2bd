import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import actionsSchema from '../../../schemas/recovery-actions.schema.json' with { type: 'json' };
import observationSchema from '../../../schemas/recovery-observation.schema.json' with { type: 'json' };
import scenarioSchema from '../../../schemas/recovery-scenario.schema.json' with { type: 'json' };
import type { JsonObject } from '../../../src/contract/recovery.js';
import type { Endpoints } from '../../../generators/recovery/types.js';
import { recoverySuite } from '../../../suites/recovery/index.js';
import * as P from '../../../suites/recovery/world/payloads.js';
import { SESSION_LIMITS } from '../../../suites/recovery/world/session.js';
import { renderTranscript, transcriptCases, transcriptIn } from './transcripts.js';

/**
 * docs/recovery-contract.md is written for implementers who never read the pack's source, so it
 * must stay what the pack does: its transcripts are real sessions (replayed here), and it names
 * every message type and member of the schemas, every error payload the world sends, every check's
 * statement and the harness limits.
 */
const doc = readFileSync(new URL('../../../docs/recovery-contract.md', import.meta.url), 'utf8');

/** True when the document has a table row whose first cell is `` `name` `` (possibly among other cells). */
const rowNames = (name: string): boolean => new RegExp(`^\\| \`${name.replace(/[$]/g, '\\$&')}\` \\|`, 'm').test(doc);

describe('docs/recovery-contract.md', () => {
  for (const t of transcriptCases()) {
    it(`holds the real session of ${t.name} (${t.section}), as the reference agent plays it now`, async () => {
      const written = transcriptIn(doc, t.name);
      expect(
        written,
        `no <!-- transcript:${t.name} --> block: run npx tsx test/suites/recovery/write-transcripts.ts`,
      ).toBeDefined();
      expect(written, 'the transcript is stale: run npx tsx test/suites/recovery/write-transcripts.ts').toBe(
        await renderTranscript(t.case),
      );
    });
  }

  it('documents every action and observation type, and every member of the scenario and its tasks', () => {
    const actionTypes = actionsSchema.$defs.action.properties.type.enum as string[];
    const observationTypes = observationSchema.properties.type.enum as string[];
    const scenarioMembers = Object.keys(scenarioSchema.properties);
    const taskMembers = Object.keys(scenarioSchema.properties.tasks.items.properties);
    expect(
      [...actionTypes, ...observationTypes, ...scenarioMembers, ...taskMembers].filter((n) => !rowNames(n)),
    ).toEqual([]);
    for (const type of actionTypes) {
      const def = (
        actionsSchema.$defs as unknown as Record<string, { properties: Record<string, unknown>; required: string[] }>
      )[type]!;
      const row = new RegExp(`^\\| \`${type}\` \\|(.*)$`, 'm').exec(doc)![1]!;
      for (const m of Object.keys(def.properties).filter((k) => k !== 'type')) {
        expect(row, `${type}.${m}`).toContain(def.required.includes(m) ? `**\`${m}\`**` : `\`${m}\``);
      }
    }
  });

  it('lists every error payload the world sends with its status, code, numeric status, origin, condition and action', () => {
    const e = {
      refreshUri: 'https://auth.example.com/v1/renew',
      login: 'https://auth.example.com/v1/login',
    } as Endpoints;
    const payloads: JsonObject[] = [
      P.schemaChanged('$.parameters.at', 'at', 'https://x.example/s'),
      P.dependencyDown(3),
      P.credentialExpired(e),
      P.capabilityNotSupported(['L0', 'L1'], 'https://x.example/c'),
      P.unknownOutcome('https://x.example/r'),
      P.isolatedNoop('missing_permission', 'https://x.example/review'),
      P.configurationRestriction('exhausted_allocation', 'https://x.example/review'),
      P.anchorConflict('Totem', 'https://x.example/a', 'https://x.example/review'),
      P.credentialRefused(401, e.login),
      P.noSuchRoute('none'),
      P.badRequest('no task'),
    ];
    for (const b of payloads) {
      const sub = (b.sub_errors as JsonObject[] | undefined)?.[0];
      const action = (sub?.recovery_options as JsonObject[] | undefined)?.[0]?.action;
      const head = `| \`${String(b.status)}\` | \`${String(b.code)}\` | ${String(b.numeric_status)}`;
      const rows = doc.split('\n').filter((l) => l.includes(head) && l.includes(`\`${String(b.origin)}\``));
      const fits = rows.some((l) =>
        sub
          ? l.includes(`\`${String(sub.mechanical_condition)}\``) && l.includes(`\`${String(action)}\``)
          : l.includes('(no sub-error)'),
      );
      expect(fits, JSON.stringify(b)).toBe(true);
    }
  });

  it("states every recovery check's statement, word for word", () => {
    for (const c of recoverySuite) expect(doc, c.id).toContain(`- \`${c.id}\`: ${c.statement}`);
  });

  it('states the harness limits the suite runs with', () => {
    const prose = doc.replace(/\s+/g, ' ');
    expect(prose).toContain(`more than **${SESSION_LIMITS.maxSteps}** observations`);
    expect(prose).toContain(`declares no \`capabilityLevel\` is taken at **${SESSION_LIMITS.undeclaredLevel}**`);
  });
});

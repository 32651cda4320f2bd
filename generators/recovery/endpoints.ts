import * as fc from 'fast-check';
import type { Endpoints } from './types.js';

/**
 * The world's URLs. Hosts, paths and versions vary so that an agent which guesses a route instead
 * of reading it from what the world handed over is caught (REC-NO-CREDENTIAL-SYNTHESIS).
 */
export function endpoints(): fc.Arbitrary<Endpoints> {
  return fc
    .record({
      sched: fc.constantFrom(
        'https://api.example.com/wp-json/uaix/v1',
        'https://sched.example.org/uaix/v2',
        'https://calendar.example.net/api',
      ),
      schemaVersion: fc.integer({ min: 2, max: 9 }),
      orchestrator: fc.constantFrom(
        'https://orchestrator.example.net/uaix/v1/status',
        'https://hub.example.com/agents/status-updates',
      ),
      repo: fc.constantFrom('https://repo.example.com/v1', 'https://handoff.example.org/repository/v2'),
      // The readback route is not derivable from the repository's: an agent must use the one it is given.
      readback: fc.constantFrom('commits/status', 'readback', 'v2/outcomes'),
      auth: fc.constantFrom(
        { refresh: 'https://auth.example.com/v1/renew', login: 'https://auth.example.com/v1/login' },
        { refresh: 'https://login.example.org/oauth2/token', login: 'https://login.example.org/signin' },
        { refresh: 'https://auth.example.com/v2/grants/refresh', login: 'https://auth.example.com/v2/review' },
      ),
      target: fc.constantFrom('https://target.agent/wp-json/uaix/v1', 'https://peer.example.net/uaix'),
      getAction: fc.constantFrom('get-action', 'actions/get', 'ga'),
      review: fc.constantFrom('https://review.example.com/uaix/v1/reviews/', 'https://uaix.example.org/en-us/review/'),
      state: fc.constantFrom('https://agent.example.com/uaix/v1/state/', 'https://self.example.org/public/handoffs/'),
    })
    .map((r) => ({
      scheduler: `${r.sched}/intents`,
      schemaUrl: `${r.sched}/schemas/schedule-intent.v${r.schemaVersion}`,
      orchestrator: r.orchestrator,
      repository: `${r.repo}/commits`,
      readback: `${r.repo}/${r.readback}`,
      refreshUri: r.auth.refresh,
      login: r.auth.login,
      receiver: `${r.target}/handoff`,
      capabilityStatement: `${r.target}/schemas/uai.capability.statement.v1`,
      getAction: `${r.target}/${r.getAction}`,
      review: r.review,
      publicStateBase: r.state,
      anchors: {
        Totem: `${r.repo}/anchors/totem`,
        Taboo: `${r.repo}/anchors/taboo`,
        Talisman: `${r.repo}/anchors/talisman`,
      },
    }));
}

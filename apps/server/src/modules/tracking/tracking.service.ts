import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HitBody, WebhookBody } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, type Rng } from '../../platform/rng.ts';
import type { TrackingRepository } from './tracking.repository.ts';
import type { ActivityRecorder } from '../activity/index.ts';

/** What tracking needs from other modules (wired in composition.ts). */
export interface TrackingPorts {
  /** The activity stream: a signed-in player's page hit is recorded as `page.visited`. */
  activity: ActivityRecorder;
  /** The player whose live session the token is, or null (accounts). */
  signedIn: (token: string) => Promise<number | null>;
}

export interface RequestMeta {
  userAgent: string | null;
  ip: string;
  /** The session token the request carries, if any (a signed-in player's page hit is activity). */
  authToken?: string | null;
}

const STANDARD_FIELDS = new Set(['guest_id', 'last_ref_code', 'ref_code', 'window_size']);

export function createTrackingService(deps: {
  repository: TrackingRepository;
  clock: Clock;
  rng: Rng;
  secret: string;
  ports: TrackingPorts;
}) {
  const { repository, clock } = deps;
  const sign = (id: string) =>
    createHmac('sha256', deps.secret).update(`track:${id}`).digest('base64url').slice(0, 22);

  return {
    /**
     * A track id for single sign-on: 128 random bits plus a MAC, so the server can later tell its own
     * ids from made-up ones without storing them.
     */
    issueTrackId(): string {
      const id = randomToken(deps.rng, 128);
      return `${id}.${sign(id)}`;
    },

    isOwnTrackId(trackId: string): boolean {
      const [id, mac] = trackId.split('.');
      if (!id || !mac) return false;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    async recordEvent(eventType: string, body: WebhookBody, meta: RequestMeta): Promise<void> {
      const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !STANDARD_FIELDS.has(key)));
      await repository.insertEvent({
        eventType,
        guestId: body.guest_id ?? null,
        refCode: body.ref_code ?? null,
        lastRefCode: body.last_ref_code ?? null,
        windowSize: body.window_size ?? null,
        fields,
        userAgent: meta.userAgent,
        ip: meta.ip,
        createdAt: new Date(clock.now()),
      });
    },

    async recordHit(hit: HitBody, meta: RequestMeta): Promise<void> {
      const row = {
        url: hit.url,
        referer: hit.referer ?? null,
        userId: hit.userId ? Number(hit.userId) : null,
        type: hit.type ?? null,
        popup: hit.popup ?? null,
        trackDomain: hit.trackDomain ?? null,
        utmTags: hit.utmTags ?? null,
        refCode: hit.refCode ?? null,
        lastRefCode: hit.lastRefCode ?? null,
        isPwa: hit.pwa === '1' || hit.pwa === 'true',
        landing: hit.landing ?? null,
        oldGuestId: hit.old_guest_id ?? null,
        userAgent: meta.userAgent,
        ip: meta.ip,
        createdAt: new Date(clock.now()),
      };
      // The form's userId is the client's word; only a live session says whose visit it was.
      const userId = meta.authToken ? await deps.ports.signedIn(meta.authToken) : null;
      if (userId === null) {
        await repository.insertHit(row);
        return;
      }
      const { activity } = deps.ports;
      await repository.transaction(async (tx) => {
        await repository.insertHit(row, tx);
        await activity.record(tx, {
          kind: 'page.visited',
          userId,
          at: row.createdAt,
          payload: { url: hit.url, referer: hit.referer ?? null, type: hit.type ?? null },
        });
      });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

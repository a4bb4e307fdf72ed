import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { earliestFirst } from "./earliest-first";
import { placesInLine } from "./places";
import type { Pace } from "./start-pace";

export interface AdmissionOptions {
  /** Pieces of work run at once. */
  limit: number;
  /** The pieces the line lets through a second when it is full, told how long each piece took. */
  pace: Pace;
  /** How long a newcomer may wait in line at that pace; beyond it the call is refused with a turn to come back at. */
  maxWaitSeconds: number;
  /**
   * The most callers held waiting at once, whatever their wait: each holds a connection, and a
   * proxy in front with a capped pool would make every other request (a participant's answer
   * save) wait behind them for one. Past it a caller is refused with a turn, as past the wait.
   */
  holdAtMost: number;
  /** The most pieces a second the line ever lets through (the pace's ceiling): how far apart the turns past the horizon are spread. */
  ceiling: number;
  /** The furthest a turn is put off (the spread past it aside): a caller further back comes back then and is told again, in the same place. */
  horizonSeconds: number;
  /** The error a refused caller gets, given the whole seconds until its turn and its place in line, to send back when it returns. */
  refusal: (retryAfterSeconds: number, place: string) => Error;
  /**
   * What places are signed with. Every instance serving the same quizzes holds the same key, so a
   * place one instance gave is honoured by the others (a participant's next request may reach any).
   */
  key: Uint8Array;
  /** Seconds on a clock every instance shares (the wall clock): a place carries when it was given and its turn. */
  now?: () => number;
}

/** Who asks to be let in. */
export interface Caller {
  /** Whom a place is given to (an account and the quiz it starts): a place is honoured for this caller alone. */
  id: string;
  /**
   * Settles when the caller may hold a place in line, or rejects with what it is answered instead
   * (not signed in, no entry, the window not open): asked only before a place is given, so a
   * caller let in straight away, or one back with its place, costs no more than it did.
   */
  mayHoldAPlace(): Promise<void>;
}

/** A place in line: the line (one per instance) that gave it, its number there and when it was given (seconds on `now`'s clock). */
interface Place {
  line: string;
  number: number;
  givenAt: number;
}

/** A place given to a caller, and when its turn comes. */
interface Held {
  place: Place;
  turnAt: number;
  /** The place as the caller was told it, signed. */
  told: string;
}

/** A place as a caller is told it: number, line, when given and its turn (milliseconds), then the signature for its caller. */
const TOLD = /^(\d{1,15})\.([\w-]{8})\.(\d{1,16})\.(\d{1,16})\.([\w-]{16})$/;

/** A turn is estimated at twice the rate the line let callers in while it was full (see `admission`). */
const OPTIMISM = 2;
/** Each full second's let-ins weigh this much in that rate (an exponentially weighted mean). */
const RATE_WEIGHT = 0.5;
/** Turns are never spread thinner than this share of the ceiling (the pace's own floor). */
const SLOWEST_SHARE = 1 / 10;
/**
 * A place not back here this long after its turn is ahead of no one: its holder gave up, or was let
 * in by another instance (which cannot tell this one).
 */
const LATE_SECONDS = 5;

/**
 * Lets pieces of work in one at a time at the pace (one every 1/pace seconds) and runs at most
 * `limit` at once; the others wait their turn, first come first served, for up to
 * `maxWaitSeconds`. On exam day every participant presses Start within seconds: let in as fast as
 * they come, their starts would take every core and every database connection, and the answer
 * saves of those already writing would wait behind them; queued without end, each start would hold
 * its connection (and a proxy's) for half a minute. Past the wait, or past `holdAtMost` callers
 * held at once (behind a proxy with a capped pool, a few hundred held starts took every connection,
 * and saves queued behind them: docs/performance.md), a caller is refused with a turn to come back
 * at and a place in line, which it sends back when it returns.
 *
 * A turn is a promise the line cannot take back: a caller sleeps until it. Turns handed out at the
 * pace of the hall's first seconds, while 10,000 presses arrive and everything is slow, left the
 * line idle for a minute afterwards while the refused slept (docs/performance.md). So the line
 * numbers the refused in the order they came, and tells each its turn from how many places ahead
 * of it are still out (counted exactly: ./places.ts), at twice the rate it let callers in during
 * its recent full seconds: too soon costs a caller one more refusal (a fraction of a start), too
 * late leaves the line idle. No
 * turn is put off past `horizonSeconds` (spread beyond it at the ceiling, so the far end of a hall
 * does not come back as one).
 *
 * A place is given to one caller (an account starting one quiz), and only once the caller shows it
 * may hold one (`mayHoldAPlace`): a request from nobody, or for a quiz it may not start, takes no
 * place ahead of those who may. A caller back before its turn, with its place or without it, is
 * refused again in the same place with the same turn, even when the line has room: asking every
 * few hundred milliseconds never gets a caller in sooner than coming back when told. Back at its
 * turn and still refused, it keeps its place and is told a new turn from the line as it is then.
 * A place is signed for its caller, with when it was given and its turn, by a key every instance
 * holds: a participant's requests reach whichever instance is free (several behind a proxy, or
 * `WEB_CONCURRENCY` on one port), and another instance honours the place as this one would. Back
 * before its turn there, it is refused again with the same place; at its turn, the places that
 * instance gave earlier than it are ahead of it (each instance counts its own line, at its own
 * rate). For another caller, or forged, a place counts as none. A place not back within
 * `LATE_SECONDS` of its turn stops counting ahead of others here.
 *
 * The pace is learnt (./start-pace.ts) from how long the work let in takes, with answer saves told
 * by their routes: a refused caller costs nothing to time. Only this instance's own line is kept
 * here; what another instance needs of it travels with the caller, signed.
 */
export function admission({ limit, pace, maxWaitSeconds, holdAtMost, ceiling, horizonSeconds, refusal, key, now = () => Date.now() / 1000 }: AdmissionOptions) {
  const line = randomBytes(6).toString("base64url");
  const signature = (told: string, caller: Caller) => createHmac("sha256", key).update(`${told}:${caller.id}`).digest().subarray(0, 12).toString("base64url");
  const milliseconds = (seconds: number) => Math.round(seconds * 1000);
  let running = 0;
  const waiting: (() => void)[] = [];
  // When the line may let its next piece in (seconds on `now`'s clock).
  let nextLetInAt = -Infinity;
  let wakeUp: ReturnType<typeof setTimeout> | undefined;
  // The places handed out and not let in, and when the last turn handed out is past.
  const places = placesInLine();
  // The places given and not let in, by caller: one each, whether or not the caller sends it back.
  const held = new Map<string, Held>();
  // The same places by their turns (and turns since told again, found stale by `held`), for forgetLate.
  const turnsDue = earliestFirst<{ id: string; holding: Held }>(({ holding }) => holding.turnAt);
  let turnsOverAt = -Infinity;
  // The rate the line lets callers in while it is full, and the second being counted.
  let fullRate = ceiling;
  let second = Math.floor(now());
  let letInThisSecond = 0;
  let fullThisSecond = false;

  function count(at: number): void {
    const current = Math.floor(at);
    if (current === second) return;
    if (fullThisSecond) fullRate = (1 - RATE_WEIGHT) * fullRate + RATE_WEIGHT * letInThisSecond;
    second = current;
    letInThisSecond = 0;
    fullThisSecond = false;
  }

  function letIn(at: number, caller: Caller, place: Place | undefined): void {
    running++;
    letInThisSecond++;
    pace.letIn();
    if (place?.line === line) places.letIn(place.number);
    held.delete(caller.id);
    nextLetInAt = Math.max(at, nextLetInAt) + 1 / pace.current();
  }

  /** Lets the first in line in while there is room and its time has come; else wakes at that time. */
  function letInWhoMay(): void {
    while (waiting.length > 0 && running < limit) {
      const at = now();
      if (at < nextLetInAt) {
        wakeUp ??= setTimeout(() => {
          wakeUp = undefined;
          letInWhoMay();
        }, Math.ceil((nextLetInAt - at) * 1000));
        return;
      }
      count(at);
      waiting.shift()!();
    }
  }

  /** The place a caller sent back and the turn it was told, if a line holding this key gave it to this caller. */
  function placeSentBack(caller: Caller, placeInLine: string | undefined): Held | undefined {
    const parts = TOLD.exec(placeInLine ?? "");
    if (!parts) return undefined;
    const [, number, givenBy, givenAt, turnAt, sent] = parts;
    const expected = signature(`${number}.${givenBy}.${givenAt}.${turnAt}`, caller);
    if (!timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) return undefined;
    return { place: { line: givenBy, number: Number(number), givenAt: Number(givenAt) / 1000 }, turnAt: Number(turnAt) / 1000, told: placeInLine! };
  }

  /**
   * Places whose turn passed `LATE_SECONDS` ago without their holder back here stop counting, taken
   * in the order of their turns, not of when they were told: a caller told again near the front
   * (a short turn) may have been told after many far back (long turns).
   */
  function forgetLate(at: number): void {
    for (let due = turnsDue.peek(); due && due.holding.turnAt + LATE_SECONDS < at; due = turnsDue.peek()) {
      turnsDue.pop();
      if (held.get(due.id) !== due.holding) continue;
      if (due.holding.place.line === line) places.letIn(due.holding.place.number);
      held.delete(due.id);
    }
  }

  function refuse(at: number, wait: number, caller: Caller, place: Place | undefined): never {
    fullThisSecond = true;
    // Every turn handed out is past: those not back by now are not coming, and wait ahead of no one.
    if (at > turnsOverAt) {
      places.forgetAll();
      held.clear();
      turnsDue.clear();
    } else {
      forgetLate(at);
    }
    const kept = place ?? { line, number: places.handOut(at), givenAt: at };
    const ahead = kept.line === line ? places.ahead(kept.number) : places.aheadOf(kept.givenAt);
    const rate = Math.max(ceiling * SLOWEST_SHARE, OPTIMISM * fullRate);
    const turnIn = Math.max(1, Math.ceil(Math.min(wait + ahead / rate, horizonSeconds + ahead / ceiling)));
    turnsOverAt = Math.max(turnsOverAt, at + turnIn + 1);
    const body = `${kept.number}.${kept.line}.${milliseconds(kept.givenAt)}.${milliseconds(at + turnIn)}`;
    const told = `${body}.${signature(body, caller)}`;
    const holding = { place: kept, turnAt: at + turnIn, told };
    held.set(caller.id, holding);
    turnsDue.push({ id: caller.id, holding });
    throw refusal(turnIn, told);
  }

  /**
   * Lets the caller in now, or says it waits in line (and in which place), or refuses it with its
   * turn; undefined when it would be given a place but has not yet shown it may hold one.
   */
  function judge(caller: Caller, placeInLine: string | undefined, mayHoldAPlace: boolean): { waits: boolean; place: Place | undefined } | undefined {
    const at = now();
    count(at);
    // The place this line holds for the caller, else the one it sent back (told by another
    // instance, or by this one, which has forgotten it since).
    const holding = held.get(caller.id) ?? placeSentBack(caller, placeInLine);
    // Back before its turn: the same place and turn, whatever room the line has.
    if (holding && at < holding.turnAt) throw refusal(Math.max(1, Math.ceil(holding.turnAt - at)), holding.told);
    const place = holding?.place;
    if (waiting.length === 0 && running < limit && at >= nextLetInAt) {
      letIn(at, caller, place);
      return { waits: false, place };
    }
    const wait = Math.max(0, nextLetInAt - at) + waiting.length / pace.current();
    if (wait <= maxWaitSeconds && waiting.length < holdAtMost) return { waits: true, place };
    if (place === undefined && !mayHoldAPlace) return undefined;
    refuse(at, wait, caller, place);
  }

  return async function admit<T>(work: () => Promise<T>, caller: Caller, placeInLine?: string): Promise<T> {
    let judged = judge(caller, placeInLine, false);
    if (!judged) {
      await caller.mayHoldAPlace();
      // The line may have moved while the caller was asked: judged again as it is now.
      judged = judge(caller, placeInLine, true)!;
    }
    if (judged.waits) {
      const { place } = judged;
      fullThisSecond = true;
      await new Promise<void>((resolve) => {
        waiting.push(() => {
          letIn(now(), caller, place);
          resolve();
        });
        letInWhoMay();
      });
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      pace.observe(performance.now() - started);
      running--;
      letInWhoMay();
    }
  };
}

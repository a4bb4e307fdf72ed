import { inEnglish, message, type Message } from "@/lib/catalogue";

/**
 * Domain errors: services throw these, the route wrapper maps them to HTTP statuses with
 * `{ "message": ... }`. Their messages are written for the participant and safe to show.
 * Each carries a `Message` of the errors catalogue, answered in the request's language (its
 * English is `error.message`); a zod schema's refusal comes through `catalogued`/`refusalOf`.
 * tests/architecture/refusals.test.ts refuses one built from a string literal.
 */
export class DomainError extends Error {
  // Private, so two errors with the same English equal each other whatever their values' types.
  readonly #text: Message;

  constructor(
    text: Message,
    readonly status: number,
    /** Names the fix a screen can offer beside the message (a link to the field to correct); sent as `code`. */
    readonly code?: string,
  ) {
    super(inEnglish(text));
    this.#text = text;
    this.name = new.target.name;
  }

  /** The catalogue text behind `message`, for the reader's language. */
  get text(): Message {
    return this.#text;
  }
}

export class Invalid extends DomainError {
  constructor(text: Message) {
    super(text, 400);
  }
}

export class Unauthenticated extends DomainError {
  constructor(text: Message = message("loginRequired")) {
    super(text, 401);
  }
}

export class Forbidden extends DomainError {
  constructor(text: Message = message("notAllowed"), code?: string) {
    super(text, 403, code);
  }
}

export class NotFound extends DomainError {
  constructor(text: Message = message("notFound")) {
    super(text, 404);
  }
}

export class Conflict extends DomainError {
  constructor(text: Message) {
    super(text, 409);
  }
}

export class PayloadTooLarge extends DomainError {
  constructor(text: Message) {
    super(text, 413);
  }
}

/** A refusal that says when to come back: answered with Retry-After. */
export abstract class ComeBackLater extends DomainError {
  constructor(
    text: Message,
    status: number,
    readonly retryAfterSeconds: number,
  ) {
    super(text, status);
  }
}

export class TooManyRequests extends ComeBackLater {
  constructor(text: Message, retryAfterSeconds: number) {
    super(text, 429, retryAfterSeconds);
  }
}

/** Too busy for this now (not the caller's doing): 503. */
export class Unavailable extends ComeBackLater {
  constructor(
    text: Message,
    retryAfterSeconds: number,
    /** The caller's place in a line, answered as X-Place-In-Line, for it to send back when it returns. */
    readonly placeInLine?: string,
  ) {
    super(text, 503, retryAfterSeconds);
  }
}

/** No room left in the object store (a full disk, a quota): 507. Its log line and metric tell the administrator. */
export class StorageFull extends DomainError {
  constructor(cause: unknown) {
    super(message("storageFull"), 507);
    this.cause = cause;
  }
}

/**
 * Domain errors: services throw these, the route wrapper maps them to HTTP statuses with
 * `{ "message": ... }`. Their messages are written for the participant and safe to show.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Names the fix a screen can offer beside the message (a link to the field to correct); sent as `code`. */
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class Unauthenticated extends DomainError {
  constructor(message = "Please log in to continue.") {
    super(message, 401);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "You are not allowed to do this.", code?: string) {
    super(message, 403, code);
  }
}

export class NotFound extends DomainError {
  constructor(message = "Not found.") {
    super(message, 404);
  }
}

export class Conflict extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class PayloadTooLarge extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

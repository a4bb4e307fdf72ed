import { Forbidden, Unauthenticated } from "@/lib/errors";
import { message, type MessageId } from "@/lib/catalogue";

/**
 * Who may do what, as data. Every route declares the action it performs (`route({ can })`) and
 * every service checks it again against the acting user, so a service called from a job, a
 * script or a page is as safe as one called from a handler.
 */

export type Role = "visitor" | "participant" | "admin" | "system";

/** Whoever is acting: a logged-in user, a visitor, or the system itself (jobs, scripts). */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** A logged-in, not deleted user, as the database says now. */
export interface ActiveUser extends Actor {
  role: "participant" | "admin";
}

export const VISITOR: Actor = Object.freeze({ id: "", name: "", email: "", role: "visitor" });
export const SYSTEM: Actor = Object.freeze({ id: "", name: "system", email: "", role: "system" });

/** "own": only on the actor's own data; "any": on anyone's. */
export type Scope = "own" | "any";

const EVERYONE = {
  "accounts.register": "any",
  "accounts.login": "any",
  "accounts.logout": "any",
  "accounts.resetPassword": "any",
  "accounts.verifyEmail": "any",
  "accounts.chooseLanguage": "own",
  "quizzes.browse": "any",
  "quizzes.practise": "any",
  // Who may see which image is decided per image: the quizzes using it, and the viewer's attempts.
  "questions.viewImages": "any",
  "results.view": "any",
  "blog.read": "any",
  "contact.send": "any",
  "notifications.readKey": "any",
  "metrics.scrape": "any",
  "certificates.verify": "any",
  "health.ping": "any",
  // The payment gateway's webhook: no session, trusted by its signature alone (lib/payments/gateway).
  "payments.gatewayNotify": "any",
} as const satisfies Record<string, Scope>;

const MEMBER = {
  ...EVERYONE,
  "accounts.read": "own",
  "accounts.edit": "own",
  "accounts.delete": "own",
  "accounts.logOutEverywhere": "own",
  "accounts.resendVerification": "own",
  "accounts.readReferrals": "own",
  "quizzes.dashboard": "own",
  "payments.pay": "own",
  "wallet.read": "own",
  "wallet.topUp": "own",
  "wallet.withdraw": "own",
  "exam.take": "own",
  "exam.record": "own",
  "results.viewOwn": "own",
  "results.object": "own",
  "results.appeal": "own",
  "certificates.download": "own",
  "prizes.claim": "own",
  "notifications.subscribe": "own",
  "notifications.read": "own",
  "uploads.create": "own",
  "uploads.read": "own",
} as const satisfies Record<string, Scope>;

const ADMIN = {
  ...MEMBER,
  "accounts.readReferrals": "any",
  "admin.panel": "any",
  "users.search": "any",
  "users.changeRole": "any",
  "payments.review": "any",
  "payments.verify": "any",
  "payments.refund": "any",
  "payments.reconcile": "any",
  "quizzes.edit": "any",
  "questions.edit": "any",
  "exam.finaliseOverdue": "any",
  "exam.readResponses": "any",
  "exam.viewRecordings": "any",
  "exam.disqualify": "any",
  "exam.grantExtraTime": "any",
  "results.publish": "any",
  "results.manageKey": "any",
  "prizes.claim": "any",
  "prizes.review": "any",
  "audit.view": "any",
  "blog.edit": "any",
  "notifications.send": "any",
  "contact.read": "any",
  "jobs.view": "any",
  "uploads.read": "any",
  "insights.view": "any",
  "books.read": "any",
  "books.record": "any",
} as const satisfies Record<string, Scope>;

/** Background jobs and maintenance scripts: only what they are there to do. */
const SYSTEM_GRANTS = {
  "exam.finaliseOverdue": "any",
  "notifications.deliver": "any",
  "accounts.cleanUp": "any",
  "questions.upgradeRendering": "any",
  "jobs.view": "any",
  // npm run ledger:check reads the books as the system, npm run audit:check the audit trail.
  "books.read": "any",
  "audit.view": "any",
} as const satisfies Record<string, Scope>;

export type Action = keyof typeof EVERYONE | keyof typeof MEMBER | keyof typeof ADMIN | keyof typeof SYSTEM_GRANTS;

export const PERMISSIONS: Record<Role, Partial<Record<Action, Scope>>> = {
  visitor: EVERYONE,
  participant: MEMBER,
  admin: ADMIN,
  system: SYSTEM_GRANTS,
};

/** The actions any role is granted: a route or service naming another action is a typo. */
export const ACTIONS = [...new Set(Object.values(PERMISSIONS).flatMap((grants) => Object.keys(grants)))] as Action[];

/**
 * Whether the actor may perform the action; with `ownerId`, on that owner's data. Without it,
 * whether the actor may perform it at all (on their own data at least).
 */
export function can(actor: Actor, action: Action, ownerId?: string): boolean {
  const scope = PERMISSIONS[actor.role][action];
  if (!scope) return false;
  return scope === "any" || ownerId === undefined || (actor.id !== "" && ownerId === actor.id);
}

/** Whether the actor's grant for the action reaches everyone's data, not just their own. */
export function canActOnAnyone(actor: Actor, action: Action): boolean {
  return PERMISSIONS[actor.role][action] === "any";
}

const REFUSALS: Partial<Record<Action, MessageId>> = {
  "accounts.edit": "ownAccountOnly",
  "accounts.delete": "ownAccountOnly",
  "accounts.readReferrals": "ownReferralsOnly",
  "exam.take": "ownResponseOnly",
  "exam.viewRecordings": "adminsViewRecordings",
  "payments.pay": "payOnlyForYourself",
  "wallet.read": "ownWalletOnly",
  "wallet.topUp": "payOnlyForYourself",
  "wallet.withdraw": "useOwnWalletOnly",
};

/** Throws unless `can(actor, action, ownerId)`: 401 for a visitor, 403 for anyone else. */
export function authorize(actor: Actor, action: Action, ownerId?: string): void {
  if (can(actor, action, ownerId)) return;
  if (actor.role === "visitor") throw new Unauthenticated();
  const adminOnly = !PERMISSIONS.participant[action] && PERMISSIONS.admin[action];
  const refusal = REFUSALS[action] ?? (adminOnly ? "adminsOnly" : undefined);
  throw new Forbidden(refusal && message(refusal));
}

/** The acting user's id, once `authorize` has let a logged-in user through. */
export function isActiveUser(actor: Actor): actor is ActiveUser {
  return actor.role === "participant" || actor.role === "admin";
}

export interface Service<Args extends unknown[], Result> {
  (actor: Actor, ...args: Args): Promise<Result>;
  /** The action this service performs, checked before its body runs. */
  readonly permission: Action;
}

/**
 * A door function of a capability: checks the permission against the actor before the body
 * runs. Ownership ("only their own attempt") is the body's to check with `authorize(actor,
 * action, ownerId)` when it acts on someone named in its arguments.
 */
export function service<Args extends unknown[], Result>(action: Action, body: (actor: Actor, ...args: Args) => Promise<Result>): Service<Args, Result> {
  const guarded = async (actor: Actor, ...args: Args) => {
    authorize(actor, action);
    return body(actor, ...args);
  };
  return Object.assign(guarded, { permission: action });
}

/** Narrows a service's actor to the logged-in user its permission requires. */
export function member(actor: Actor): ActiveUser {
  if (!isActiveUser(actor)) throw new Unauthenticated();
  return actor;
}

/** Runs inside another capability's service (often its transaction), after that service checked its permission. */
export type Step<Body> = Body & { readonly step: true };

/** A building block another capability's service calls, marked so the architecture test knows it. */
export function step<Body extends (...args: never[]) => Promise<unknown>>(body: Body): Step<Body> {
  return Object.assign(body, { step: true as const });
}

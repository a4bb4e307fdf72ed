import path from "node:path";
import { z } from "zod";
import type { Language } from "./i18n/schemas";

/**
 * The one place that reads process.env. Everything else imports `config`.
 * A wrong setting stops the start with a message naming the setting.
 */

const optionalUrl = z.url().optional();
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #4f46e5");
const hostLabel = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** A host name, or "*." and a name of two labels or more for any host below it. */
const hostPattern = new RegExp(`^(?:\\*\\.${hostLabel}(?:\\.${hostLabel})+|${hostLabel}(?:\\.${hostLabel})*)$`);

const DEFAULT_EMBEDDED_DATABASE_PORT = 54329;

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optionalUrl,
  NEXTAUTH_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(".data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Bearer token that /api/metrics requires; unset turns the endpoint off. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * How long a stopping instance lets requests in flight and running jobs finish; it exits within
   * this and 2 s more. Replaces SHUTDOWN_TIMEOUT_SECONDS, which is refused so that no one keeps
   * setting a value that no longer does anything.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  SHUTDOWN_TIMEOUT_SECONDS: z.undefined({ error: "renamed SHUTDOWN_DRAIN_SECONDS (default 10): the process exits within it and 2 s more" }).optional(),
  /** Set by `npm start`: Next then leaves SIGTERM and SIGINT to the app's graceful shutdown. */
  NEXT_MANUAL_SIG_HANDLE: z.string().optional(),

  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * The login that owns the schema: migrations (at start and `npm run db:migrate`), backups and
   * restores use it, and grant DATABASE_URL's role (olympiad_app) what the app needs. Unset with
   * DATABASE_URL, that one login does both (and the start warns if it could switch off triggers).
   */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** /api/health answers 503 once the database has been unreachable this long, so a supervisor restarts the app. */
  HEALTH_DATABASE_DOWN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Unset: 54329, or a free port when another program holds that one (two checkouts on one machine). */
  EMBEDDED_DATABASE_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  /**
   * Set by `npm start` on every instance but the first when WEB_CONCURRENCY > 1: use the embedded
   * server the first instance runs on this data directory, never start one.
   */
  EMBEDDED_DATABASE_SHARED: flag.default(false),
  /** Where `npm run db:backup` looks first for pg_dump and pg_restore. */
  PG_BIN_DIR: z.string().min(1).optional(),

  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),

  ADMIN_EMAIL: z.email().default("admin@olympiad.local"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),

  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),

  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /**
   * The push services a subscription's endpoint may name (https only): Chrome, Edge's Chromium
   * builds and most others use FCM, Firefox Mozilla's autopush, Safari Apple's, legacy Edge WNS.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default("fcm.googleapis.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com")
    .transform((value) => value.split(",").map((host) => host.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(hostPattern, 'must be host names like push.example.com or *.push.example.com, separated by commas')).min(1)),
  /** Development and tests only: also http:// and loopback endpoints (local push services). */
  PUSH_ALLOW_LOCAL_ENDPOINTS: flag.default(false),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),

  /** Reverse proxies in front of the app that append to X-Forwarded-For; 0 believes no header. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Failed logins a minute for one email from one address before the waits start. */
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Failed logins a minute from one address, whatever the emails. */
  LOGIN_FAILURES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Sign-ups an hour from one address, where trusted proxies tell the address (TRUSTED_PROXY_HOPS). */
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),

  BRAND_NAME: z.string().min(1).max(40).default("Olympiad"),
  /** The tagline in English and in Hindi: both or neither (unset, the app's own, in each language). */
  BRAND_TAGLINE: z.string().min(1).max(80).optional(),
  BRAND_TAGLINE_HI: z.string().min(1).max(80).optional(),
  BRAND_PRIMARY_COLOR: hexColor.default("#4338ca"),
  BRAND_ACCENT_COLOR: hexColor.default("#b45309"),
  SUPPORT_EMAIL: z.email().default("support@olympiad.local"),

  UPI_ID: z
    .string()
    .regex(/^[\w.-]{2,256}@[a-zA-Z]{2,64}$/, "must be a UPI id like name@bank")
    .default("olympiad@upi"),
  UPI_PAYEE_NAME: z.string().min(1).max(50).optional(),
  REFERRAL_REWARD_RUPEES: z.coerce.number().int().min(0).max(10_000).default(50),
  /**
   * How long after an attempt's deadline the server still takes its saves and its submission, for
   * requests sent in time and slowed by the network; never more than 15 s (SPEC §10, one clock).
   */
  EXAM_NETWORK_GRACE_SECONDS: z.coerce.number().int().min(0).max(15).default(10),
  /** Exam starts one instance runs at once; the rest wait their turn, so answer saves keep flowing. */
  EXAM_STARTS_AT_ONCE: z.coerce.number().int().min(1).max(200).default(4),
  /**
   * How long a start may wait in an instance's line; past it the exam page is told when to come
   * back (503 with Retry-After) and waits without holding a connection.
   */
  EXAM_START_QUEUE_SECONDS: z.coerce.number().min(0.5).max(600).default(1),
  /**
   * The most starts an instance holds waiting in its line at once, however short their wait: each
   * holds a connection (and a proxy's), so a hall's presses cannot fill a capped proxy pool that
   * answer saves need. Past it a start is told its turn, as past the wait.
   */
  EXAM_STARTS_HELD: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * The most starts an instance's line lets through a second when it is full. The pace it hands
   * out turns at is learnt below this ceiling (lib/exam/start-pace.ts), to keep answer saves fast.
   */
  EXAM_STARTS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /**
   * The 95th percentile, in milliseconds, of a second's answer saves and starts that the start
   * line's pace keeps under: it rises while they are faster, and falls as soon as they are not.
   */
  EXAM_START_LINE_TARGET_MS: z.coerce.number().int().min(5).max(5_000).default(50),
  /**
   * The bitrate an attempt's recording may average over its whole time (video slices and
   * snapshots together). Chrome's MediaRecorder records 2.5 Mb/s of video and 128 kb/s of audio.
   */
  RECORDING_MAX_KBPS: z.coerce.number().int().min(1).max(100_000).default(6000),
  /** How long after submission (or the deadline) the recording's last slices are still taken. */
  RECORDING_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  FOCUS_EVENTS_PER_ATTEMPT: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** An attempt is flagged for the admins' review once its proctoring log reaches any of these. */
  INTEGRITY_FOCUS_LOSSES: z.coerce.number().int().min(1).max(10_000).default(3),
  INTEGRITY_FULLSCREEN_EXITS: z.coerce.number().int().min(1).max(10_000).default(2),
  INTEGRITY_COPY_PASTE: z.coerce.number().int().min(1).max(10_000).default(1),
  /** A stretch this long with no video slice arriving counts as a gap in the recording. */
  INTEGRITY_RECORDING_GAP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  /** Payment screenshots whose 64-bit dHashes differ in at most this many bits count as the same picture (0 turns near matches off). */
  PAYMENT_SCREENSHOT_MATCH_DISTANCE: z.coerce.number().int().min(0).max(32).default(10),
  ENTRY_FEE_RUPEES: z.coerce.number().int().min(1).max(100_000).default(500),
  PRIZE_CLAIM_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Tax withheld from a cash prize: the rate (percent, up to two decimals) on the participant's
   * winnings of the Indian financial year to date, nothing while they are at most the threshold
   * (rupees; 0 withholds from every rupee won), and the section it is made under. Defaults: 30 %
   * with no threshold, as for online-game winnings in India (Income-tax Act s. 194BA).
   */
  PRIZE_TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), "must have at most two decimals").default(30),
  PRIZE_TAX_THRESHOLD_RUPEES: z.coerce.number().int().min(0).max(100_000_000).default(0),
  PRIZE_TAX_SECTION: z.string().min(1).max(40).default("194BA"),
  /**
   * What the rate applies to over the Indian financial year: the participant's net winnings
   * (prizes less entry fees paid in the year, s. 194BA) or the gross prizes.
   */
  PRIZE_TAX_BASIS: z.enum(["net", "gross"]).default("net"),
  /** The deductor named on payout statements and in the tax export: who withholds the tax, where, and its TAN. */
  TAX_DEDUCTOR_NAME: z.string().trim().min(1).max(200).optional(),
  TAX_DEDUCTOR_ADDRESS: z.string().trim().min(1).max(500).optional(),
  /** Tax deduction and collection account number: four letters, five digits, a letter (like BLRA12345B). */
  TAX_DEDUCTOR_TAN: z.string().trim().toUpperCase().regex(/^[A-Z]{4}[0-9]{5}[A-Z]$/, "must be a TAN: four letters, five digits, a letter (like BLRA12345B)").optional(),
  /** 32 random bytes, base64: seals winners' PAN and bank details (AES-256-GCM). Unset, prize claims are refused. */
  PAYOUT_ENCRYPTION_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)")
    .optional(),
  LEGAL_ENTITY_NAME: z.string().min(1).optional(),
  /**
   * Whether a quiz may take an entry fee and pay cash prizes. India's Promotion and Regulation of
   * Online Gaming Act, 2025 forbids online games played for a fee in expectation of money winnings,
   * so this is off unless the operator turns it on: false forbids the model on every quiz saved
   * or copied; true still asks the admin to confirm, quiz by quiz, that it is lawful where it runs.
   */
  CASH_PRIZES_ALLOWED: flag.default(false),
  /** Who sponsors the prizes of free-entry quizzes, named on their cards, prize pages and terms. */
  PRIZE_SPONSOR_NAME: z.string().min(1).max(120).optional(),
  /**
   * The one-line explanation of each contest model, on the quiz form, cards, prize pages and terms,
   * in English and in Hindi: both or neither (unset, the app's own, in each language).
   */
  CONTEST_FREE_ENTRY_TEXT: z.string().min(1).max(300).optional(),
  CONTEST_FREE_ENTRY_TEXT_HI: z.string().min(1).max(300).optional(),
  CONTEST_PAID_CERTIFICATES_TEXT: z.string().min(1).max(300).optional(),
  CONTEST_PAID_CERTIFICATES_TEXT_HI: z.string().min(1).max(300).optional(),
  CONTEST_PAID_CASH_TEXT: z.string().min(1).max(300).optional(),
  CONTEST_PAID_CASH_TEXT_HI: z.string().min(1).max(300).optional(),
  LEGAL_JURISDICTION: z.string().min(1).default("Bengaluru, Karnataka, India"),

  /** A third-party live-chat widget's script (e.g. Tawk.to's embed URL); unset loads nothing. */
  LIVE_CHAT_SCRIPT_URL: z.url().refine((url) => url.startsWith("https://"), "must be an https:// URL").optional(),

  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_TELEGRAM_URL: optionalUrl,

  /**
   * Payments through a gateway beside SPEC's UPI screenshot (issue 54): unset, the UPI modal and
   * the admins' verification are all there is. `razorpay` needs its key pair and webhook secret;
   * the two URLs are the gateway's own unless a test points them at its local fake.
   */
  PAYMENT_GATEWAY: z.enum(["razorpay"]).optional(),
  RAZORPAY_KEY_ID: z.string().trim().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: z.url().default("https://checkout.razorpay.com/v1/checkout.js"),
  /** How long an open gateway order holds its quiz seat. */
  GATEWAY_ORDER_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(15),

  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
});

export type Environment = Record<string, string | undefined>;

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigurationError";
  }
}

/** Texts an operator may write in place of the app's: each has a Hindi twin, named with _HI. */
const OPERATOR_TEXTS = ["BRAND_TAGLINE", "CONTEST_FREE_ENTRY_TEXT", "CONTEST_PAID_CERTIFICATES_TEXT", "CONTEST_PAID_CASH_TEXT"] as const;
type OperatorText = (typeof OPERATOR_TEXTS)[number];

export function loadConfig(environment: Environment) {
  const cleaned = Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, emptyAsUndefined(value)]),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigurationError([
      "S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: both are required when S3_BUCKET is set",
    ]);
  }
  if (env.PAYMENT_GATEWAY && !(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET)) {
    throw new ConfigurationError([
      "RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET / RAZORPAY_WEBHOOK_SECRET: all three are required when PAYMENT_GATEWAY is set",
    ]);
  }
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
    throw new ConfigurationError([
      "MIGRATION_DATABASE_URL: set only with DATABASE_URL (the embedded database makes both logins itself)",
    ]);
  }
  if (env.PUSH_ALLOW_LOCAL_ENDPOINTS && env.NODE_ENV === "production") {
    throw new ConfigurationError([
      "PUSH_ALLOW_LOCAL_ENDPOINTS: lets anyone make the server post to its own machine; it is for development and tests and is refused in production",
    ]);
  }
  const unpaired = OPERATOR_TEXTS.filter((name) => Boolean(env[name]) !== Boolean(env[`${name}_HI`]));
  if (unpaired.length > 0) {
    throw new ConfigurationError(
      unpaired.map((name) => `${name} / ${name}_HI: set both or neither: Hindi pages show the Hindi one, and an English line there is one a Hindi reader may not understand`),
    );
  }
  const operatorText = (name: OperatorText): Record<Language, string> | undefined => {
    const [english, hindi] = [env[name], env[`${name}_HI`]];
    return english && hindi ? { en: english, hi: hindi } : undefined;
  };
  const publicUrl = (env.APP_URL ?? env.NEXTAUTH_URL)?.replace(/\/+$/, "");
  const appUrl = publicUrl ?? `http://localhost:${env.PORT}`;
  const dataDir = path.resolve(env.DATA_DIR);

  return {
    environment: env.NODE_ENV,
    /** The address people reach the site at, when configured: shareable and mailed links are built on it. */
    publicUrl,
    /** The public URL, else this machine's: for what needs a fixed base (metadata, the sitemap). */
    appUrl,
    dataDir,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000, signalsLeftToApp: Boolean(env.NEXT_MANUAL_SIG_HANDLE) },
    health: { databaseDownLimitMs: env.HEALTH_DATABASE_DOWN_SECONDS * 1000 },
    database: env.DATABASE_URL
      ? { kind: "external" as const, url: env.DATABASE_URL, ownerUrl: env.MIGRATION_DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
      : {
          kind: "embedded" as const,
          directory: path.join(dataDir, "pg"),
          port: env.EMBEDDED_DATABASE_PORT ?? DEFAULT_EMBEDDED_DATABASE_PORT,
          /** EMBEDDED_DATABASE_PORT unset: a free port when the default one is taken. */
          anyPortIfTaken: env.EMBEDDED_DATABASE_PORT === undefined,
          shared: env.EMBEDDED_DATABASE_SHARED,
          poolMax: env.DATABASE_POOL_MAX,
        },
    backup: {
      directory: path.join(dataDir, "backups"),
      pgBinDir: env.PG_BIN_DIR ? path.resolve(env.PG_BIN_DIR) : undefined,
    },
    auth: {
      secret: env.NEXTAUTH_SECRET ?? env.AUTH_SECRET,
      secretFile: path.join(dataDir, "auth-secret"),
    },
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, issuer: env.GOOGLE_ISSUER, jwksUrl: env.GOOGLE_JWKS_URL }
      : null,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.BRAND_NAME} <${env.SUPPORT_EMAIL}>`,
    },
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    login: { failuresPerMinute: env.LOGIN_FAILURES_PER_MINUTE, failuresPerIpPerMinute: env.LOGIN_FAILURES_PER_IP_PER_MINUTE },
    signUpsPerIpPerHour: env.SIGN_UPS_PER_IP_PER_HOUR,
    push: {
      keys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
      subject: `mailto:${env.SUPPORT_EMAIL}`,
      endpointHosts: env.PUSH_ENDPOINT_HOSTS,
      allowLocalEndpoints: env.PUSH_ALLOW_LOCAL_ENDPOINTS,
    },
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
    brand: {
      name: env.BRAND_NAME,
      /** In English, for what has one language (the web app manifest, certificates); pages show the reader's (shell.tagline). */
      tagline: env.BRAND_TAGLINE ?? "learn, think, win",
      /** The operator's own tagline in each language; unset, the pages show the app's, translated. */
      customTagline: operatorText("BRAND_TAGLINE"),
      primaryColor: env.BRAND_PRIMARY_COLOR,
      accentColor: env.BRAND_ACCENT_COLOR,
      supportEmail: env.SUPPORT_EMAIL,
    },
    competition: {
      entryFeePaise: env.ENTRY_FEE_RUPEES * 100,
      prizeClaimDays: env.PRIZE_CLAIM_DAYS,
      minimumAge: 18,
      referralRewardPaise: env.REFERRAL_REWARD_RUPEES * 100,
      /** Seconds past an attempt's deadline its saves and submission are still taken (network delay only). */
      networkGraceSeconds: env.EXAM_NETWORK_GRACE_SECONDS,
      startsAtOnce: env.EXAM_STARTS_AT_ONCE,
      startQueueSeconds: env.EXAM_START_QUEUE_SECONDS,
      startsHeld: env.EXAM_STARTS_HELD,
      startsPerSecond: env.EXAM_STARTS_PER_SECOND,
      startLineTargetMs: env.EXAM_START_LINE_TARGET_MS,
    },
    proctoring: {
      recordingMaxKbps: env.RECORDING_MAX_KBPS,
      lateUploadGraceSeconds: env.RECORDING_GRACE_SECONDS,
      focusEventsPerAttempt: env.FOCUS_EVENTS_PER_ATTEMPT,
    },
    /** Counts at which a response is flagged for review (each reached or passed flags it). */
    integrity: {
      focusLosses: env.INTEGRITY_FOCUS_LOSSES,
      fullscreenExits: env.INTEGRITY_FULLSCREEN_EXITS,
      copyPaste: env.INTEGRITY_COPY_PASTE,
      recordingGapSeconds: env.INTEGRITY_RECORDING_GAP_SECONDS,
    },
    contest: {
      cashPrizesAllowed: env.CASH_PRIZES_ALLOWED,
      sponsorName: env.PRIZE_SPONSOR_NAME ?? env.LEGAL_ENTITY_NAME ?? env.BRAND_NAME,
      /** Keyed by quizzes.contest_model. */
      texts: {
        free_entry: env.CONTEST_FREE_ENTRY_TEXT ?? `Free entry; prizes sponsored by ${env.PRIZE_SPONSOR_NAME ?? env.LEGAL_ENTITY_NAME ?? env.BRAND_NAME}.`,
        paid_certificates: env.CONTEST_PAID_CERTIFICATES_TEXT ?? "Certificates and scholarships; no cash prizes.",
        paid_cash: env.CONTEST_PAID_CASH_TEXT ?? "Paid entry; cash prizes to the top ranks.",
      },
      /** The operator's own lines (CONTEST_*_TEXT and their _HI), each shown in its language; unset ones are the app's, translated. */
      customTexts: {
        free_entry: operatorText("CONTEST_FREE_ENTRY_TEXT"),
        paid_certificates: operatorText("CONTEST_PAID_CERTIFICATES_TEXT"),
        paid_cash: operatorText("CONTEST_PAID_CASH_TEXT"),
      },
    },
    /** Fraud checks on UPI payments: how close two screenshots' dHashes must be to flag the later one. */
    paymentChecks: { screenshotMatchDistance: env.PAYMENT_SCREENSHOT_MATCH_DISTANCE },
    payouts: {
      claimDays: env.PRIZE_CLAIM_DAYS,
      taxRateBasisPoints: Math.round(env.PRIZE_TAX_RATE_PERCENT * 100),
      taxThresholdPaise: env.PRIZE_TAX_THRESHOLD_RUPEES * 100,
      taxSection: env.PRIZE_TAX_SECTION,
      taxBasis: env.PRIZE_TAX_BASIS as "net" | "gross",
      /** Unset parts stay undefined: the statement says "not configured", never invents them. */
      deductor: { name: env.TAX_DEDUCTOR_NAME as string | undefined, address: env.TAX_DEDUCTOR_ADDRESS as string | undefined, tan: env.TAX_DEDUCTOR_TAN as string | undefined },
      encryptionKey: env.PAYOUT_ENCRYPTION_KEY as string | undefined,
    },
    upi: { id: env.UPI_ID, payeeName: env.UPI_PAYEE_NAME ?? env.BRAND_NAME },
    gateway: env.PAYMENT_GATEWAY
      ? {
          kind: env.PAYMENT_GATEWAY,
          keyId: env.RAZORPAY_KEY_ID!,
          keySecret: env.RAZORPAY_KEY_SECRET!,
          webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
          apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ""),
          checkoutUrl: env.RAZORPAY_CHECKOUT_URL,
          orderMinutes: env.GATEWAY_ORDER_MINUTES,
        }
      : null,
    legal: {
      entityName: env.LEGAL_ENTITY_NAME ?? env.BRAND_NAME,
      jurisdiction: env.LEGAL_JURISDICTION,
    },
    liveChatScriptUrl: env.LIVE_CHAT_SCRIPT_URL,
    socialLinks: [
      { name: "Facebook", url: env.SOCIAL_FACEBOOK_URL },
      { name: "Instagram", url: env.SOCIAL_INSTAGRAM_URL },
      { name: "YouTube", url: env.SOCIAL_YOUTUBE_URL },
      { name: "X", url: env.SOCIAL_X_URL },
      { name: "Telegram", url: env.SOCIAL_TELEGRAM_URL },
    ].filter((link): link is { name: string; url: string } => Boolean(link.url)),
    storage: env.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: "local" as const, directory: path.join(dataDir, "uploads") },
  };
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * Referral links and the links in mails must name the address people reach the site at. A
 * production deployment (on a real database) has to configure it; development, tests and the
 * single-machine demo (`npm start` on the embedded database) fall back to the host each request
 * came to, and a production start that does so gets the warning this returns.
 */
export function checkPublicUrl(settings: Pick<Config, "environment" | "publicUrl" | "database">): string | undefined {
  if (settings.publicUrl || settings.environment !== "production") return undefined;
  if (settings.database.kind === "external") {
    throw new ConfigurationError([
      "APP_URL: set it (or NEXTAUTH_URL) to the address people open the site at, like https://olympiad.example.org: referral links and the links in mails are built on it, and a production deployment does not guess it from the requests",
    ]);
  }
  return "APP_URL is not set: referral links use the host each request came to and links in mails point at this machine's local address. That suits trying the app on one machine; set APP_URL to the public address before the site is open to others.";
}

export const config: Config = loadConfig(process.env);

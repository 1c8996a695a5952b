/**
 * SQLite schema migrations (PostgreSQL: postgresMigrations.ts, kept in step), applied in order; migration i brings `PRAGMA user_version` from i to i + 1.
 * Never edit a published migration: append a new one.
 */
export const migrations: readonly string[] = [
  /* 1: overpass notifications */ `
  CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    -- lower-cased address, for per-address limits and duplicate detection
    email_key TEXT NOT NULL,
    lat REAL NOT NULL,
    lon REAL NOT NULL,
    lead_time_hours INTEGER NOT NULL,
    max_cloud_cover INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'unsubscribed', 'expired', 'merged')),
    -- a duplicate confirmed subscription is folded into the older identical one
    merged_into TEXT REFERENCES subscriptions(id),
    created_at TEXT NOT NULL,
    confirmed_at TEXT,
    ended_at TEXT
  );
  CREATE INDEX subscriptions_email_key ON subscriptions(email_key, created_at);
  CREATE INDEX subscriptions_status ON subscriptions(status);

  -- SHA-256 of each link token handed out; the tokens themselves are never stored.
  CREATE TABLE subscription_tokens (
    token_hash TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX subscription_tokens_subscription ON subscription_tokens(subscription_id);

  -- One row per predicted pass per subscription: after the pass the archive is polled for the scene.
  CREATE TABLE pass_watches (
    id INTEGER PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
    satellite TEXT NOT NULL,
    wrs_path INTEGER NOT NULL,
    wrs_row INTEGER NOT NULL,
    pass_datetime TEXT NOT NULL,
    pass_date TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('watching', 'found', 'gave_up', 'cancelled')),
    next_check_at TEXT NOT NULL,
    deadline_at TEXT NOT NULL,
    scene_id TEXT,
    last_error TEXT,
    UNIQUE (subscription_id, satellite, wrs_path, wrs_row, pass_date)
  );
  CREATE INDEX pass_watches_due ON pass_watches(status, next_check_at);

  -- Transactional outbox: every email is a row first, so a crash never loses it. Delivery is at least
  -- once: a crash after the SMTP server accepted a message but before its row is marked sent repeats it
  -- (with the same Message-ID); see the README's "Email delivery guarantee".
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    subscription_id TEXT REFERENCES subscriptions(id),
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    -- rendered bodies hold link tokens: cleared once sent
    text_body TEXT,
    html_body TEXT,
    headers_json TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'cancelled', 'expired')),
    created_at TEXT NOT NULL,
    send_after TEXT NOT NULL,
    -- not sent after this instant (a pre-pass alert after its pass is useless)
    expires_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    lease_id TEXT,
    lease_until TEXT,
    sent_at TEXT,
    message_id TEXT
  );
  CREATE INDEX outbox_due ON outbox(status, next_attempt_at);
  CREATE INDEX outbox_subscription ON outbox(subscription_id, status);
  `,
  /* 2: change watches (issue 34): what a subscription watches, passes (default) or change */ `
  ALTER TABLE subscriptions ADD COLUMN watch TEXT NOT NULL DEFAULT 'passes';
  `,
];

-- The reward history starts with what the slots still hold (each wallet's latest sent reward; the earlier ones were
-- overwritten before this table existed).
INSERT INTO "vibe_reward_mints" ("chain_id", "wallet", "transaction_hash", "source", "at")
SELECT "chain_id", "wallet", lower("transaction_hash"), coalesce("source", 'live'), "reserved_at"
FROM "vibe_rewards"
WHERE "transaction_hash" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The operations log again, whole (a view is replaced, never patched: see 0019_operations-log.sql for its columns
-- and statuses), now listing every hourly VIBE reward from vibe_reward_mints instead of each wallet's latest slot.
DROP VIEW "operations_log";
--> statement-breakpoint
CREATE VIEW "operations_log" AS
-- Mints on the three ledgers, server- or wallet-signed (a wallet mint is recorded once the API read it back).
SELECT
  'mints:' || m."id"::text AS "id",
  m."created_at" AS "at",
  'recorded'::text AS "clock",
  'minting'::text AS "feature",
  CASE m."ledger"
    WHEN 'ethereum' THEN CASE m."network" WHEN 'hardhat' THEN 'ethereum-local' WHEN 'sepolia' THEN 'sepolia' ELSE 'evm-' || m."network" END
    WHEN 'stellar' THEN 'stellar-testnet'
    WHEN 'xrpl' THEN 'xrpl-testnet'
    ELSE m."ledger" || '-' || m."network"
  END AS "ledger",
  CASE m."kind" WHEN 'eth-mint' THEN 'XQB mint' WHEN 'stellar-mint' THEN 'VIBE mint' WHEN 'xrp-volume' THEN 'XRP volume payment' ELSE m."kind" END AS "kind",
  m."transaction_hash" AS "hash",
  CASE WHEN m."source" = 'simulated' THEN 'not broadcast' WHEN m."ledger_index" IS NOT NULL THEN 'confirmed' ELSE 'submitted' END AS "status",
  m."source" AS "source",
  m."reason" AS "reason",
  CASE WHEN m."kind" = 'eth-mint' THEN
    CASE WHEN m."record"->>'signedBy' = 'wallet' THEN m."signer" ELSE m."record"->>'recipient' END
  END AS "wallet",
  m."chain_instance" AS "chain_instance",
  m."explorer_url" AS "explorer_url",
  m."record"->>'amount' AS "detail"
FROM "mints" m
UNION ALL
-- Safe transactions the treasury executed (quantum-treasury-2 through the Safe road).
SELECT
  'safe_proposals:' || p."chain_id" || ':' || p."safe_tx_hash",
  p."updated_at",
  'recorded',
  'quantum-treasury-2',
  CASE p."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || p."chain_id" END,
  'Safe execution',
  p."transaction_hash",
  CASE p."status" WHEN 'executed' THEN 'confirmed' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
  'live',
  NULL,
  p."context"->>'proposedBy',
  NULL,
  NULL,
  'Safe transaction "' || p."label" || '", nonce ' || p."nonce"
FROM "safe_proposals" p
WHERE p."transaction_hash" IS NOT NULL
UNION ALL
-- The API signer's own transactions sent right before a Safe execution (mock USDC to the Safe).
SELECT
  'safe_proposals:' || p."chain_id" || ':' || p."safe_tx_hash" || ':pre-' || s."n",
  p."updated_at",
  'recorded',
  'quantum-treasury-2',
  CASE p."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || p."chain_id" END,
  'Safe pre-step',
  s."step"->>'transactionHash',
  CASE WHEN s."step"->>'block' IS NOT NULL THEN 'confirmed' ELSE 'submitted' END,
  'live',
  NULL,
  p."context"->>'proposedBy',
  NULL,
  NULL,
  s."step"->>'label'
FROM "safe_proposals" p
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(p."context"->'preStepsSent') = 'array' THEN p."context"->'preStepsSent' ELSE '[]'::jsonb END
) WITH ORDINALITY AS s("step", "n")
WHERE s."step"->>'transactionHash' IS NOT NULL
UNION ALL
-- The readiness tests' transactions: sent on a fresh in-process chain of their own (the sandbox), gone after the run.
SELECT
  'testnet_runs:' || r."id" || ':' || s."n",
  r."finished_at",
  'recorded',
  'testnet',
  'sandbox-chain',
  r."kind" || ' test step',
  s."step"->>'txHash',
  CASE s."step"->>'outcome' WHEN 'passed' THEN 'confirmed' WHEN 'failed' THEN 'failed' ELSE coalesce(s."step"->>'outcome', 'confirmed') END,
  'live',
  NULL,
  CASE WHEN r."ran_by" ~ '^0x[0-9a-fA-F]{40}$' THEN r."ran_by" END,
  NULL,
  NULL,
  s."step"->>'name'
FROM "testnet_runs" r
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(r."steps") = 'array' THEN r."steps" ELSE '[]'::jsonb END
) WITH ORDINALITY AS s("step", "n")
WHERE s."step"->>'txHash' IS NOT NULL
UNION ALL
-- Bridge legs: the lock, the delivery on Stellar / XRPL and the refund (outbound); the payment to the issuer and the
-- release (inbound). Each leg's time is when it first appeared, so a transfer moving on does not reorder the log.
SELECT
  'bridge_transfers:' || b."chain_id" || ':' || b."run" || ':' || b."id" || ':' || leg."name",
  leg."at",
  'recorded',
  'bridge',
  leg."ledger",
  leg."kind",
  leg."hash",
  leg."status",
  coalesce(leg."source", 'live'),
  leg."reason",
  leg."wallet",
  leg."chain_instance",
  leg."explorer_url",
  concat_ws(', ',
    coalesce(b."remote"->>'amount', '?') || ' XQB ' || CASE b."direction" WHEN 'outbound' THEN 'to ' ELSE 'from ' END || (b."remote"->>'address'),
    CASE WHEN coalesce(b."remote"->>'memo', '') <> '' THEN 'memo "' || (b."remote"->>'memo') || '"' END,
    CASE WHEN b."state" = 'rejected' THEN 'rejected: ' || b."error" END
  )
FROM "bridge_transfers" b
CROSS JOIN LATERAL (VALUES
  ('lock',
    CASE WHEN b."direction" = 'outbound' THEN b."evm"->>'lockTxHash' END,
    coalesce((b."timestamps"->>'locked')::timestamptz, b."created_at"),
    CASE b."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || b."chain_id" END,
    'bridge lock', 'confirmed', b."evm"->>'source', b."evm"->>'reason', b."evm"->>'sender', b."run", NULL),
  ('delivery',
    CASE WHEN b."direction" = 'outbound' THEN coalesce(b."remote"->>'deliveryTxHash', b."signed"->>'hash') END,
    coalesce((b."timestamps"->>'relaying')::timestamptz, (b."timestamps"->>'delivered')::timestamptz, b."created_at"),
    CASE b."ledger" WHEN 'stellar' THEN 'stellar-testnet' WHEN 'xrpl' THEN 'xrpl-testnet' ELSE b."ledger" END,
    'bridge delivery',
    CASE
      WHEN b."remote"->>'source' = 'simulated' THEN 'not broadcast'
      WHEN b."state" = 'delivered' THEN 'confirmed'
      WHEN b."state" = 'relaying' THEN 'submitted'
      WHEN b."state" IN ('failed', 'refunded') THEN 'failed'
      ELSE 'pending'
    END,
    b."remote"->>'source', b."remote"->>'reason', b."evm"->>'sender', NULL, b."remote"->>'explorerUrl'),
  ('refund',
    CASE WHEN b."direction" = 'outbound' THEN b."evm"->>'refundTxHash' END,
    coalesce((b."timestamps"->>'refunded')::timestamptz, (b."timestamps"->>'failed')::timestamptz, b."created_at"),
    CASE b."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || b."chain_id" END,
    'bridge refund', CASE WHEN b."state" = 'refunded' THEN 'confirmed' ELSE 'submitted' END,
    'live', NULL, b."evm"->>'sender', b."run", NULL),
  ('payment',
    CASE WHEN b."direction" = 'inbound' THEN b."remote"->>'deliveryTxHash' END,
    coalesce((b."timestamps"->>'seen')::timestamptz, (b."timestamps"->>'rejected')::timestamptz, b."created_at"),
    CASE b."ledger" WHEN 'stellar' THEN 'stellar-testnet' WHEN 'xrpl' THEN 'xrpl-testnet' ELSE b."ledger" END,
    'bridge payment in', 'confirmed',
    b."remote"->>'source', b."remote"->>'reason', b."evm"->>'recipient', NULL, b."remote"->>'explorerUrl'),
  ('release',
    CASE WHEN b."direction" = 'inbound' THEN b."evm"->>'releaseTxHash' END,
    coalesce((b."timestamps"->>'releasing')::timestamptz, (b."timestamps"->>'released')::timestamptz, b."created_at"),
    CASE b."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || b."chain_id" END,
    'bridge release', CASE WHEN b."state" = 'released' THEN 'confirmed' ELSE 'submitted' END,
    b."evm"->>'source', b."evm"->>'reason', b."evm"->>'recipient', NULL, NULL)
) AS leg("name", "hash", "at", "ledger", "kind", "status", "source", "reason", "wallet", "chain_instance", "explorer_url")
WHERE leg."hash" IS NOT NULL
UNION ALL
-- VIBE rewards: every hourly reward whose mint was sent (vibe_reward_mints, one row per transaction).
SELECT
  'vibe_reward_mints:' || r."id"::text,
  r."at",
  'recorded',
  'vibecoins',
  CASE r."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || r."chain_id" END,
  'VIBE reward',
  r."transaction_hash",
  CASE WHEN r."source" = 'simulated' THEN 'not broadcast' ELSE 'submitted' END,
  r."source",
  CASE WHEN r."source" = 'simulated' THEN 'the chain was not reachable: signed offline, never sent' END,
  r."wallet",
  NULL,
  NULL,
  'hourly VIBE reward'
FROM "vibe_reward_mints" r
  -- A wallet's own environmental mint takes the reward's slot too: it is listed once, below, with its project.
WHERE NOT EXISTS (SELECT 1 FROM "vibe_environmental_mints" em WHERE em."transaction_hash" = r."transaction_hash")
UNION ALL
-- VIBE mints naming an environmental project (POST /api/vibecoins-crypto/mint), by a wallet to itself or an operator.
SELECT
  'vibe_environmental_mints:' || em."id"::text,
  em."at",
  'recorded',
  'testnet-operations',
  CASE em."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || em."chain_id" END,
  'VIBE environmental mint',
  em."transaction_hash",
  CASE WHEN em."source" = 'simulated' THEN 'not broadcast' ELSE 'submitted' END,
  em."source",
  em."reason",
  em."recipient",
  em."chain_instance",
  NULL,
  em."amount" || ' VIBE for ' || em."project"
FROM "vibe_environmental_mints" em
UNION ALL
-- Faucet claims: each wallet's latest claim per asset (the table keeps one), once signed.
SELECT
  'faucet_claims:' || f."chain_id" || ':' || f."wallet" || ':' || f."asset" || ':' || to_char(f."claimed_at" AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS'),
  f."claimed_at",
  'recorded',
  'faucet',
  CASE f."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || f."chain_id" END,
  'faucet claim',
  f."transaction_hash",
  CASE WHEN f."status" = 'sent' AND f."block_number" IS NOT NULL THEN 'confirmed' WHEN f."status" = 'sent' THEN 'submitted' ELSE 'pending' END,
  'live',
  NULL,
  f."wallet",
  NULL,
  NULL,
  f."amount" || ' ' || f."asset"
FROM "faucet_claims" f
WHERE f."transaction_hash" IS NOT NULL
UNION ALL
-- Coin tests: live on the local chain, Stellar and XRPL; the other coins signed offline for their own testnet.
SELECT
  'coin_test_runs:' || c."id",
  c."at",
  'recorded',
  'cryptocurrency',
  CASE c."symbol"
    WHEN 'ETH' THEN 'ethereum-local' WHEN 'USDC' THEN 'ethereum-local' WHEN 'XQBUSD' THEN 'ethereum-local'
    WHEN 'XQB' THEN 'ethereum-local' WHEN 'VIBE' THEN 'ethereum-local'
    WHEN 'XLM' THEN 'stellar-testnet' WHEN 'XRP' THEN 'xrpl-testnet'
    WHEN 'BTC' THEN 'bitcoin-testnet4' WHEN 'ADA' THEN 'cardano-preprod' WHEN 'SOL' THEN 'solana-devnet'
    WHEN 'AVAX' THEN 'avalanche-fuji' WHEN 'DOT' THEN 'westend-asset-hub' WHEN 'ALGO' THEN 'algorand-testnet'
    WHEN 'HBAR' THEN 'hedera-testnet' WHEN 'IOTA' THEN 'iota-testnet' WHEN 'XTZ' THEN 'tezos-ghostnet'
    WHEN 'VET' THEN 'vechain-testnet' WHEN 'KAS' THEN 'kaspa-testnet-10' WHEN 'ARB' THEN 'arbitrum-sepolia'
    WHEN 'OP' THEN 'op-sepolia' WHEN 'MATIC' THEN 'polygon-amoy'
    ELSE lower(c."symbol") || '-testnet'
  END,
  'coin test',
  c."transaction_hash",
  CASE WHEN c."source" = 'simulated' THEN 'not broadcast' ELSE 'confirmed' END,
  c."source",
  CASE WHEN c."source" = 'simulated' THEN
    CASE WHEN c."symbol" IN ('XLM', 'XRP') THEN 'the testnet did not answer: signed offline, never submitted'
    ELSE 'no node of this testnet is reachable from here: signed with the coin''s own library, never broadcast' END
  END,
  c."caller",
  NULL,
  NULL,
  c."symbol" || ' test transfer'
FROM "coin_test_runs" c
WHERE c."transaction_hash" IS NOT NULL
UNION ALL
-- Wallet-signed operations only the chain records, from the event index (the current chain run): stakes, leverage
-- positions, vault operations and burns. One row per transaction (its most telling event), and none for a Safe
-- execution, which is listed above.
SELECT
  'evm_events:' || e."chain_instance" || ':' || e."block_number" || ':' || e."log_index",
  to_timestamp(e."block_timestamp"),
  'chain',
  e."feature",
  CASE e."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || e."chain_id" END,
  e."kind",
  e."transaction_hash",
  'confirmed',
  'live',
  NULL,
  coalesce(e."args"->>'owner', e."args"->>'user', e."args"->>'account', e."args"->>'from'),
  e."chain_instance",
  NULL,
  e."contract" || '.' || e."event_name" || ', block ' || e."block_number"
FROM (
  SELECT DISTINCT ON (x."chain_instance", x."transaction_hash") x.*, k."feature", k."kind"
  FROM "evm_events" x
  JOIN (VALUES
    ('LeverageRouter', 'PositionOpened', 'liquid-staking', 'leverage open', 0),
    ('LeverageRouter', 'PositionClosed', 'liquid-staking', 'leverage close', 0),
    ('TreasuryVault', 'EthDeposited', 'quantum-treasury-2', 'vault ETH deposit', 1),
    ('TreasuryVault', 'UsdcDeposited', 'quantum-treasury-2', 'vault USDC deposit', 1),
    ('TreasuryVault', 'XqbusdMinted', 'quantum-treasury-2', 'XQBUSD mint', 1),
    ('TreasuryVault', 'Repaid', 'quantum-treasury-2', 'XQBUSD repay', 1),
    ('TreasuryVault', 'EthWithdrawn', 'quantum-treasury-2', 'vault ETH withdrawal', 1),
    ('TreasuryVault', 'UsdcWithdrawn', 'quantum-treasury-2', 'vault USDC withdrawal', 1),
    ('TreasuryVault', 'Liquidated', 'quantum-treasury-2', 'vault liquidation', 1),
    ('VibeCoin', 'Transfer', 'vibecoins', 'VIBE burn', 2),
    ('XQBToken', 'Transfer', 'vibecoins', 'XQB burn', 2),
    ('vibeETH', 'Deposit', 'real-staking', 'stake', 3),
    ('qETH', 'Deposit', 'real-staking', 'stake', 3),
    ('xqbETH', 'Deposit', 'real-staking', 'stake', 3),
    ('vibeETH', 'WithdrawalRequested', 'real-staking', 'unstake request', 3),
    ('qETH', 'WithdrawalRequested', 'real-staking', 'unstake request', 3),
    ('xqbETH', 'WithdrawalRequested', 'real-staking', 'unstake request', 3),
    ('vibeETH', 'WithdrawalClaimed', 'real-staking', 'withdrawal claim', 3),
    ('qETH', 'WithdrawalClaimed', 'real-staking', 'withdrawal claim', 3),
    ('xqbETH', 'WithdrawalClaimed', 'real-staking', 'withdrawal claim', 3)
  ) AS k("contract", "event_name", "feature", "kind", "rank")
    ON k."contract" = x."contract" AND k."event_name" = x."event_name"
  WHERE (x."event_name" <> 'Transfer' OR x."args"->>'to' = '0x0000000000000000000000000000000000000000')
    AND NOT EXISTS (SELECT 1 FROM "safe_proposals" sp WHERE sp."transaction_hash" = x."transaction_hash")
  ORDER BY x."chain_instance", x."transaction_hash", k."rank", x."log_index"
) e
UNION ALL
-- Crowdfunding (api/src/features/crowdfunding): campaigns a wallet created, the wallets' own contributions and
-- attestations (recorded once the API read their receipts), and the VIBE reward the API minted for each.
SELECT
  'crowdfunding_projects:' || p."id",
  p."created_at",
  'recorded',
  'crowdfunding',
  CASE p."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || p."chain_id" END,
  'campaign created',
  p."created_tx",
  'confirmed',
  'live',
  NULL,
  p."creator",
  p."chain_instance",
  NULL,
  'Campaign "' || p."title" || '" at ' || p."campaign"
FROM "crowdfunding_projects" p
WHERE p."created_tx" IS NOT NULL
UNION ALL
SELECT
  'crowdfunding_actions:' || a."id",
  a."at",
  'recorded',
  'crowdfunding',
  CASE a."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || a."chain_id" END,
  CASE a."action" WHEN 'fund_project' THEN 'campaign contribution' ELSE 'verifier attestation' END,
  a."transaction_hash",
  'confirmed',
  'live',
  NULL,
  a."wallet",
  a."chain_instance",
  NULL,
  CASE a."action" WHEN 'fund_project' THEN a."amount" || ' USDC to project ' || a."project_id"
    ELSE 'attestation ' || coalesce(a."attestation_id", '?') || ' of project ' || a."project_id" END
FROM "crowdfunding_actions" a
UNION ALL
SELECT
  'crowdfunding_actions:' || a."id" || ':reward',
  a."at",
  'recorded',
  'crowdfunding',
  CASE a."chain_id" WHEN 31337 THEN 'ethereum-local' WHEN 11155111 THEN 'sepolia' ELSE 'evm-' || a."chain_id" END,
  'VIBE reward',
  a."reward_tx",
  CASE a."reward_source" WHEN 'simulated' THEN 'not broadcast' ELSE 'confirmed' END,
  CASE a."reward_source" WHEN 'simulated' THEN 'simulated' ELSE 'live' END,
  NULL,
  a."wallet",
  a."chain_instance",
  NULL,
  a."reward_vibe" || ' VIBE for ' || CASE a."action" WHEN 'fund_project' THEN 'a funding' ELSE 'a verification' END
FROM "crowdfunding_actions" a
WHERE a."reward_tx" IS NOT NULL;

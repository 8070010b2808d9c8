import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { useGate } from "../../../components/session/use-access";
import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { cryptocurrencyContract, type CoinEntryAnswer } from "../api/contract";
import { useSupported } from "../api/get-supported";
import { useTestTransaction } from "../api/run-tests";
import { TEST_AMOUNT, type CoinSymbol } from "../constants";
import { amountProblem, fieldLimits, ruleOf } from "../utils/amount";
import { CoinLimits } from "./coin-limits";
import { CoinPicker, testableCoins } from "./coin-picker";
import { MemoField, memoProblem, memoRuleOf } from "./memo-field";
import { TestResult } from "./test-result";
import { VerifyAnyForm } from "./verify-any-form";

/** Why the Test button waits, in words, or null when it may be pressed. */
function testReason(coin: CoinEntryAnswer | null, amount: string, memo: string): string | null {
  if (!coin || !coin.limits) return "Choose a coin to test";
  if (amount.trim() === "") return `Enter an amount of ${coin.symbol}`;
  const problem = amountProblem(amount, ruleOf(coin.symbol, coin.limits), coin.symbol);
  if (problem) return `Amount ${problem}`;
  return memoProblem(memo, memoRuleOf(coin), coin.symbol);
}

/** One coin's test transaction: the coin, its limits, the amount and memo, Test (a signed-in wallet), the result. */
function TestForm({ coins }: { coins: readonly CoinEntryAnswer[] }) {
  const [symbol, setSymbol] = useState<CoinSymbol | "">("");
  const [amount, setAmount] = useState<string>(TEST_AMOUNT.default);
  const [memo, setMemo] = useState("");
  const test = useTestTransaction();
  const gate = useGate(cryptocurrencyContract.testTransaction.access);
  const coin = coins.find((c) => c.symbol === symbol) ?? null;
  const rule = coin?.limits ? ruleOf(coin.symbol, coin.limits) : null;
  const memoRule = memoRuleOf(coin);
  const reason = testReason(coin, amount, memo);
  const unit = coin?.symbol ?? "coins";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!coin || reason !== null || !gate.allowed || test.isPending) return;
    test.mutate(
      { symbol: coin.symbol, amount: amount.trim(), memo: memoRule.kind === "bytes" && memo !== "" ? memo : null },
      {
        onSuccess: (r) =>
          notify(
            r.result.source === "live"
              ? {
                  variant: "success",
                  title: `${r.cryptocurrency} test transaction executed`,
                  description: r.result.note,
                }
              : {
                  variant: "simulated",
                  title: `${r.cryptocurrency} test transaction signed, not broadcast`,
                  description: r.result.note,
                },
          ),
        onError: (e) =>
          notify({ variant: "error", title: `${coin.symbol} test transaction failed`, description: describeError(e) }),
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Columns columns={{ xs: 1, md: "minmax(0, 1fr) minmax(0, 1fr)" }} gap={3}>
        <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="test-form">
          <CoinPicker
            id="crypto-test-coin"
            coins={coins}
            value={symbol}
            onChange={setSymbol}
            helperText="Every coin that can run a test here; display-only coins cannot."
          />
          <AmountField
            id="crypto-test-amount"
            label="Amount"
            unit={unit}
            step={Number(TEST_AMOUNT.step)}
            value={amount}
            onChange={setAmount}
            schema={textRule((text) => (coin && rule ? amountProblem(text, rule, coin.symbol) : null))}
            schemaInput="text"
            limits={rule ? fieldLimits(rule) : undefined}
            inputTestId="test-amount-input"
            hint={coin ? `${coin.limits?.decimals} decimal places` : "Choose a coin for its limits"}
          />
          <MemoField id="crypto-test-memo" value={memo} onChange={setMemo} rule={memoRule} unit={unit} />
          <ActionButton
            label={coin ? `Test ${coin.symbol}` : "Test"}
            pendingLabel={coin ? `Testing ${coin.symbol}…` : "Testing…"}
            pending={test.isPending}
            busy={false}
            reason={reason}
            gate={gate}
            testId="test-button"
          />
        </Stack>
        {coin ? (
          <CoinLimits coin={coin} />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="coin-limits-none" sx={{ pt: { md: 2 } }}>
            Choose a coin: its decimals, minimum and maximum, its memo limit and where the memo goes, our test accounts
            and the library that signs show here.
          </Typography>
        )}
      </Columns>
      {test.isError ? (
        <Notice severity="error" data-testid="test-error">
          The test failed: {describeError(test.error)}
        </Notice>
      ) : null}
      {test.data ? <TestResult key={test.data.result.transactionHash} answer={test.data} /> : null}
    </Stack>
  );
}

/** Transaction Testing: one coin's test transaction with its result and Verify; below, anyone's bytes checked. */
export function TransactionTab() {
  const supported = useSupported();
  return (
    <Stack spacing={4}>
      <Box component="section" aria-labelledby="crypto-test-heading">
        <Typography id="crypto-test-heading" variant="h5" component="h2" gutterBottom>
          Test transaction
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Our test account sends the amount to our recipient on the coin&apos;s testnet: executed where a ledger we
          reach takes it (Live), otherwise built and signed with the coin&apos;s own library and never broadcast
          (Simulated, with the reason). Your wallet signs nothing; signing in only says who asked.
        </Typography>
        <QueryState query={supported} what="the supported coins" height={420} testId="test-coins">
          {(data) => <TestForm coins={testableCoins(data.cryptocurrencies)} />}
        </QueryState>
      </Box>
      <Box component="section" aria-labelledby="crypto-verify-heading">
        <Typography id="crypto-verify-heading" variant="h5" component="h2" gutterBottom>
          Verify any bytes
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Paste a signed transaction (hex or base64, as a result gives it) and choose its coin: the API decodes it with
          the coin&apos;s own library and checks the signature, so you need not trust our word for a result.
        </Typography>
        <QueryState query={supported} what="the supported coins" height={200} testId="verify-coins">
          {(data) => <VerifyAnyForm coins={testableCoins(data.cryptocurrencies)} />}
        </QueryState>
      </Box>
    </Stack>
  );
}

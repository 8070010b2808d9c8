import { useState } from "react";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { isAddressEqual, keccak256, parseUnits, toHex, type Address } from "viem";
import { getBlock, writeContract } from "wagmi/actions";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import { notify } from "../../../components/toast";
import { TransactionFlowDialog, useTransactionFlow } from "../../../components/transaction-flow";
import { useSession } from "../../../components/session/get-session";
import { deployments } from "../../../lib/contracts";
import { LOCAL_CHAIN_ID } from "../../../lib/local-chain";
import {
  CROWDFUNDING_DURATIONS,
  CROWDFUNDING_LIMITS as L,
  CROWDFUNDING_USDC_DECIMALS,
  crowdfundingGoalProblem,
} from "../constants";
import type { CreateProjectResponse } from "../api/contract";
import { crowdfundingMutationKey, crowdfundingQueryKey } from "../api/keys";
import { recordProject } from "../api/record";

const GOAL_RULE = textRule(crowdfundingGoalProblem);
const FACTORY = deployments[LOCAL_CHAIN_ID].CrowdfundingFactory;
const FIELDS = [
  ["title", "Title", L.titleMax],
  ["description", "Description", L.descriptionMax],
  ["category", "Category", L.shortMax],
  ["location", "Location", L.shortMax],
  ["claimedImpact", "Claimed impact (optional)", L.shortMax],
] as const;
type Field = (typeof FIELDS)[number][0];
const EMPTY: Record<Field, string> = { title: "", description: "", category: "", location: "", claimedImpact: "" };

/** Create Project: the signed-in wallet creates a real campaign (the factory), then the API stores the project. */
export function CreateProjectCard({ wallet }: { wallet: Address | undefined }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const flow = useTransactionFlow({ mutationKey: crowdfundingMutationKey });
  const [form, setForm] = useState(EMPTY);
  const [goal, setGoal] = useState("");
  const [days, setDays] = useState<number>(30);
  const signedIn = !!wallet && !!session.data && isAddressEqual(session.data.address as Address, wallet);
  const missing = FIELDS.find(([f]) => f !== "claimedImpact" && form[f].trim() === "");
  const reason = missing ? `Fill in the ${missing[1].toLowerCase()}` : crowdfundingGoalProblem(goal);

  const create = () => {
    if (!wallet || reason) return;
    const key = keccak256(toHex(`${wallet}:${Date.now()}:${Math.random()}`));
    const goalUnits = parseUnits(goal.trim(), CROWDFUNDING_USDC_DECIMALS);
    flow.start<CreateProjectResponse>({
      title: `Create “${form.title.trim()}”`,
      chainId: LOCAL_CHAIN_ID,
      contract: "CrowdfundingFactory",
      preview: [
        { label: "Goal", value: `${goal.trim()} USDC` },
        { label: "Deadline", value: `${days} days after the campaign's block (chain time)` },
        { label: "Beneficiary", value: wallet },
      ],
      steps: [
        {
          id: "create",
          label: "Create the campaign",
          send: async ({ config, chainId: c }) => {
            // The deadline counts from the chain's own clock (the local chain may run ahead of the wall clock).
            const { timestamp } = await getBlock(config, { chainId: c });
            return writeContract(config, {
              address: FACTORY.address,
              abi: FACTORY.abi,
              functionName: "createCampaign",
              args: [wallet, goalUnits, timestamp + BigInt(days * 86_400), key],
              chainId: c,
            });
          },
        },
      ],
      afterConfirmedLabel: "Reading the new campaign back and storing the project…",
      afterConfirmed: (receipt) =>
        recordProject({
          title: form.title.trim(),
          description: form.description.trim(),
          category: form.category.trim(),
          location: form.location.trim(),
          claimedImpact: form.claimedImpact.trim() || null,
          transactionHash: receipt.transactionHash,
        }),
      onSuccess: (r) => {
        if (!r) return;
        notify({
          variant: "success",
          title: "Project created",
          description: `${r.project.title} has its campaign on chain`,
        });
        setForm(EMPTY);
        setGoal("");
        void queryClient.invalidateQueries({ queryKey: crowdfundingQueryKey });
      },
    });
  };

  return (
    <Box component="section" aria-labelledby="create-heading" data-testid="create-project-card">
      <Typography id="create-heading" variant="h6" component="h2">
        Create Project
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your wallet creates a campaign contract in mock USDC with your goal and deadline; you are its beneficiary. If
        the goal is met anyone can pay it out to you; if not, contributors take their USDC back.
      </Typography>
      {!wallet ? (
        <Typography variant="body2" data-testid="create-no-wallet">
          Connect a wallet to create a project.
        </Typography>
      ) : !signedIn ? (
        <Typography variant="body2" data-testid="create-sign-in-first">
          Sign in (above the projects) to create a project.
        </Typography>
      ) : (
        <Box sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}>
          {FIELDS.map(([f, label, max]) => (
            <TextField
              key={f}
              size="small"
              label={label}
              value={form[f]}
              multiline={f === "description"}
              slotProps={{ htmlInput: { maxLength: max, "data-testid": `create-${f}` } }}
              onChange={(e) => setForm((s) => ({ ...s, [f]: e.target.value }))}
            />
          ))}
          <AmountField
            id="create-goal"
            label="Goal"
            unit="USDC"
            value={goal}
            onChange={setGoal}
            schema={GOAL_RULE}
            schemaInput="text"
            step={1}
            limits={{ min: L.goalMinUsdc, max: L.goalMaxUsdc, decimals: 0 }}
            inputTestId="create-goal"
          />
          <TextField
            select
            size="small"
            label="Runs for"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            slotProps={{ htmlInput: { "data-testid": "create-days" } }}
          >
            {CROWDFUNDING_DURATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {d} days
              </MenuItem>
            ))}
          </TextField>
          <ActionButton
            label="Create Project"
            pendingLabel="Creating…"
            pending={flow.busy}
            busy={flow.busy}
            reason={reason}
            testId="create-button"
            onClick={create}
          />
        </Box>
      )}
      <TransactionFlowDialog flow={flow} />
    </Box>
  );
}

// Tests for MockV3Aggregator: the Chainlink AggregatorV3Interface surface, rounds, events, UPDATER_ROLE.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEventLogs, parseUnits, toHex, zeroAddress, type Abi } from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";

const UPDATER_ROLE = keccak256(toHex("UPDATER_ROLE"));
const P = (n: string) => parseUnits(n, 8);

restoreChainAfterFile();
let ctx: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const [deployer, alice] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const feed = await hre.viem.deployContract("MockV3Aggregator", [deployer!.account.address, 8, P("3000")]);
  const deployedAt = (await publicClient.getBlock()).timestamp;
  return { deployer: deployer!, alice: alice!, feed, publicClient, deployedAt };
}
beforeAll(async () => {
  ctx = await setup();
});

describe("MockV3Aggregator", () => {
  isolateEachTest();

  it("implements the Chainlink surface: decimals 8, description, version, round 1 with the initial answer", async () => {
    const { feed, deployedAt, deployer } = ctx;
    expect(await feed.read.decimals()).toBe(8);
    expect(await feed.read.description()).toBe("ETH / USD (mock)");
    expect(await feed.read.version()).toBe(4n);
    expect(await feed.read.latestRoundData()).toEqual([1n, P("3000"), deployedAt, deployedAt, 1n]);
    expect(await feed.read.getRoundData([1n])).toEqual([1n, P("3000"), deployedAt, deployedAt, 1n]);
    expect(await feed.read.latestAnswer()).toBe(P("3000"));
    expect(await feed.read.hasRole([UPDATER_ROLE, deployer.account.address])).toBe(true);
  });

  it("updateAnswer starts a new round timestamped now and emits NewRound + AnswerUpdated; old rounds stay readable", async () => {
    const { feed, deployer, publicClient, deployedAt } = ctx;
    const r = await publicClient.waitForTransactionReceipt({
      hash: await feed.write.updateAnswer([P("2500")], { account: deployer.account }),
    });
    const t = (await publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    const [nr] = parseEventLogs({ abi: feed.abi, logs: r.logs, eventName: "NewRound" });
    const [au] = parseEventLogs({ abi: feed.abi, logs: r.logs, eventName: "AnswerUpdated" });
    expect(nr!.args).toEqual({ roundId: 2n, startedBy: getAddress(deployer.account.address), startedAt: t });
    expect(au!.args).toEqual({ current: P("2500"), roundId: 2n, updatedAt: t });
    expect(await feed.read.latestRoundData()).toEqual([2n, P("2500"), t, t, 2n]);
    expect(await feed.read.getRoundData([1n])).toEqual([1n, P("3000"), deployedAt, deployedAt, 1n]);
    console.log(`[gas] MockV3Aggregator.updateAnswer: ${r.gasUsed}`);
  });

  it("updateRoundData writes explicit timestamps (for stale-price tests); unknown rounds revert RoundNotFound", async () => {
    const { feed, deployer } = ctx;
    await feed.write.updateRoundData([7n, -1n, 1234n, 1200n], { account: deployer.account });
    expect(await feed.read.latestRoundData()).toEqual([7n, -1n, 1200n, 1234n, 7n]);
    expect(await feed.read.getRoundData([7n])).toEqual([7n, -1n, 1200n, 1234n, 7n]);
    await expectRevert(feed.read.getRoundData([5n]), "RoundNotFound", [5n]);
  });

  it("only UPDATER_ROLE may set answers; ZeroAddress admin reverts", async () => {
    const { feed, alice } = ctx;
    await expectRevert(feed.write.updateAnswer([1n], { account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      UPDATER_ROLE,
    ]);
    await expectRevert(
      feed.write.updateRoundData([9n, 1n, 1n, 1n], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), UPDATER_ROLE],
    );
    expect(await feed.read.latestAnswer()).toBe(P("3000"));
    await expectRevert(
      hre.viem.deployContract("MockV3Aggregator", [zeroAddress, 8, 1n]),
      "ZeroAddress",
      [],
      hre.artifacts.readArtifactSync("MockV3Aggregator").abi as Abi,
    );
  });

  it("a round is one packed slot, as in a Chainlink transmission: answers beyond int192 and timestamps beyond uint32 revert", async () => {
    const { feed, deployer } = ctx;
    const as = { account: deployer.account };
    await expectRevert(feed.write.updateAnswer([2n ** 191n], as), "SafeCastOverflowedIntDowncast", [192, 2n ** 191n]);
    await expectRevert(feed.write.updateRoundData([3n, 1n, 2n ** 32n, 1n], as), "SafeCastOverflowedUintDowncast", [
      32,
      2n ** 32n,
    ]);
    await expectRevert(feed.write.updateRoundData([3n, 1n, 1n, 2n ** 32n], as), "SafeCastOverflowedUintDowncast", [
      32,
      2n ** 32n,
    ]);
    const extreme = -(2n ** 191n);
    await feed.write.updateRoundData([3n, extreme, 2n ** 32n - 1n, 0n], as);
    expect(await feed.read.latestRoundData()).toEqual([3n, extreme, 0n, 2n ** 32n - 1n, 3n]);
    expect(await feed.read.latestAnswer()).toBe(extreme);
    expect(await feed.read.latestTimestamp()).toBe(2n ** 32n - 1n);
  });
});

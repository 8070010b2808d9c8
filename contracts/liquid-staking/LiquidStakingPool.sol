// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {WETH9} from "./WETH9.sol";

/// @title Liquid-staking pool: an ERC-4626 vault over WETH with a funded reward stream and a withdrawal queue.
/// @notice One contract, three deployments: vibeETH (rETH-style), qETH (stETH-style, as its non-rebasing
///         wstETH form) and xqbETH (sfrxETH-style). Holders own shares whose value in ETH rises as rewards
///         stream in; no APY is stored anywhere: it follows from `exchangeRate()` sampled over time.
///
///         Where the ETH is, at any moment (all held as WETH by this contract):
///         - `totalAssets()`: owned by share holders = deposits + rewards streamed so far - withdrawals requested;
///         - `pendingWithdrawals()`: reserved for withdrawal requests not yet claimed (no longer earns rewards);
///         - `rewardsRemaining()`: funded by the keeper, not yet streamed;
///         - `surplus()`: anything else (WETH sent here directly); ignored by the exchange rate.
///         The pool never lends its WETH out, so `totalAssets + pendingWithdrawals + rewardsRemaining` is always
///         held: every share holder and every pending claim can be paid.
///
/// @dev Design choices:
///      - Internal accounting, not `balanceOf(this)`: a direct WETH "donation" cannot move the exchange rate, which
///        removes the lever of the ERC-4626 inflation attack. The keeper can turn such WETH into streamed rewards
///        (`sweepSurplusToRewards`), which spreads it over time instead of in one jump.
///      - Dead shares: the constructor must be sent at least `minDeposit` wei, deposited for DEAD_SHARES_HOLDER, so
///        the supply never returns to a handful of wei-shares whose price could be pumped (Uniswap V2's
///        MINIMUM_LIQUIDITY idea). Together with OpenZeppelin's virtual share/asset (`_decimalsOffset() = 0`) and
///        the minimum deposit this keeps a victim's loss to a few wei. The offset stays 0 so shares keep 18
///        decimals like rETH/wstETH/sfrxETH and 1 share starts at exactly 1 ETH.
///      - No instant exit (stETH-like): ERC-4626 `withdraw`/`redeem` revert with `InstantRedemptionDisabled` and
///        `maxWithdraw`/`maxRedeem` return 0. Exits go through `requestWithdrawal` -> wait `withdrawalDelay` ->
///        `claim`/`claimEth`. The request burns the shares and locks the assets at the exchange rate of that
///        moment (rETH/stETH-like): the request stops earning rewards and cannot be diluted afterwards.
///      - Pause (PAUSER_ROLE) stops deposits and new requests. Claims stay open: their WETH is already set aside
///        and belongs to the requester, and trapping matured exits would turn an emergency stop into a freeze
///        of user funds. Keeper functions and share transfers also keep working.
///      - Rewards stream linearly at `rewardRate` wei/s until the funded reserve is used up. The accrual is
///        computed lazily (`totalAssets()` includes the part streamed since `lastAccrualTime`) and written down
///        before every change of supply, rate or reserve.
contract LiquidStakingPool is ERC4626, AccessControl, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    bytes32 public constant KEEPER_ROLE = keccak256("KEEPER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    /// @notice Holder of the seed shares minted at construction; nobody has its key.
    address public constant DEAD_SHARES_HOLDER = 0x000000000000000000000000000000000000dEaD;
    /// @notice Upper bound on `withdrawalDelay`, so a misconfigured pool cannot lock exits for years.
    uint256 public constant MAX_WITHDRAWAL_DELAY = 30 days;
    /// @notice Largest loss one report may take, in basis points of the holders' assets (10%): a sanity
    ///         limit like those an LST oracle's reports pass, so one bad report cannot wipe the pool.
    uint256 public constant MAX_LOSS_PER_REPORT_BPS = 1_000;

    struct WithdrawalRequest {
        address owner; // who may claim, and who is paid
        uint64 claimableAt; // unix time from which `claim` works
        bool claimed;
        uint256 assets; // WETH owed, locked at request time
        uint256 shares; // shares burned, for the record
    }

    WETH9 public immutable weth;
    /// @notice Smallest deposit in wei (WETH or ETH), for `deposit`, `mint` and `depositEth`.
    uint256 public immutable minDeposit;
    /// @notice Seconds between a withdrawal request and its first possible claim.
    uint256 public immutable withdrawalDelay;

    // Declared first and narrow, so they share one slot with Pausable's flag: a deposit's pause check and
    // its accrual read one slot. Holders' assets and the reward reserve share the next packed slot.
    /// @notice Last time the stream was written into `totalAssets`.
    uint64 public lastAccrualTime;
    /// @notice Wei of WETH streamed to share holders per second while the reserve lasts.
    uint184 public rewardRate;
    /// @notice WETH reserved for unclaimed withdrawal requests.
    uint256 public pendingWithdrawals;
    /// @notice Number of withdrawal requests ever made; ids are 1..withdrawalRequestCount.
    uint256 public withdrawalRequestCount;

    uint128 private _ownedAssets; // share holders' assets as of lastAccrualTime
    uint128 private _rewardReserve; // funded, not streamed as of lastAccrualTime
    mapping(uint256 requestId => WithdrawalRequest) private _requests;

    event RewardsFunded(address indexed funder, uint256 amount, uint256 rewardsRemaining);
    event RewardRateUpdated(uint256 oldRate, uint256 newRate);
    event RewardsAccrued(uint256 amount, uint256 totalAssets, uint256 rewardsRemaining);
    event SurplusSwept(uint256 amount, uint256 rewardsRemaining);
    /// @notice A validator loss (slashing, penalties) of `amount` WETH was taken from the holders' assets.
    event LossReported(address indexed reporter, uint256 amount, uint256 totalAssets, string reason);
    event WithdrawalRequested(
        uint256 indexed requestId,
        address indexed owner,
        uint256 shares,
        uint256 assets,
        uint256 claimableAt
    );
    event WithdrawalClaimed(uint256 indexed requestId, address indexed owner, uint256 assets, bool asEth);

    error ZeroAddress();
    error ZeroAmount();
    error InvalidConfig();
    error BelowMinimumDeposit(uint256 assets, uint256 minimum);
    error SeedBelowMinimum(uint256 sent, uint256 minimum);
    error ZeroShares(uint256 assets);
    error InstantRedemptionDisabled();
    error InsufficientShares(uint256 requested, uint256 balance);
    error UnknownRequest(uint256 requestId);
    error NotRequestOwner(uint256 requestId, address caller, address owner);
    error AlreadyClaimed(uint256 requestId);
    error WithdrawalNotReady(uint256 requestId, uint256 secondsLeft);
    error EthTransferFailed(address to, uint256 amount);
    error DirectEthNotAccepted(address sender);
    error NoSurplus();
    error LossTooLarge(uint256 amount, uint256 maximum);

    /// @param weth_ the WETH the pool holds (the asset).
    /// @param name_ / symbol_ share token metadata, e.g. "Vibe Staked ETH" / "vibeETH".
    /// @param minDeposit_ smallest deposit in wei (> 0).
    /// @param withdrawalDelay_ seconds between request and claim (<= MAX_WITHDRAWAL_DELAY).
    /// @param admin gets DEFAULT_ADMIN_ROLE and PAUSER_ROLE (later a multisig).
    /// @param keeper gets KEEPER_ROLE (funds and paces the reward stream).
    /// @dev `msg.value` (>= minDeposit_) is wrapped and deposited for DEAD_SHARES_HOLDER at 1 share per wei.
    constructor(
        WETH9 weth_,
        string memory name_,
        string memory symbol_,
        uint256 minDeposit_,
        uint256 withdrawalDelay_,
        address admin,
        address keeper
    ) payable ERC20(name_, symbol_) ERC4626(IERC20(address(weth_))) {
        if (address(weth_) == address(0) || admin == address(0) || keeper == address(0)) revert ZeroAddress();
        if (minDeposit_ == 0 || withdrawalDelay_ > MAX_WITHDRAWAL_DELAY) revert InvalidConfig();
        if (msg.value < minDeposit_) revert SeedBelowMinimum(msg.value, minDeposit_);
        weth = weth_;
        minDeposit = minDeposit_;
        withdrawalDelay = withdrawalDelay_;
        lastAccrualTime = uint64(block.timestamp);
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(KEEPER_ROLE, keeper);

        weth_.deposit{value: msg.value}();
        uint256 shares = previewDeposit(msg.value); // empty vault: 1 share per wei
        _ownedAssets = SafeCast.toUint128(msg.value);
        _mint(DEAD_SHARES_HOLDER, shares);
        emit Deposit(msg.sender, DEAD_SHARES_HOLDER, msg.value, shares);
    }

    /// @notice Only WETH may send ETH here (when `claimEth` unwraps); use `depositEth` to stake ETH.
    receive() external payable {
        if (msg.sender != address(weth)) revert DirectEthNotAccepted(msg.sender);
    }

    // ------------------------------------------------------------------------------------------------
    // views

    /// @notice Share holders' WETH: deposits + rewards streamed up to now - requested withdrawals.
    function totalAssets() public view override returns (uint256) {
        return _ownedAssets + _streamedSinceAccrual();
    }

    /// @notice Wei of ETH one whole share (1e18) is worth now; 1e18 at launch, rising while rewards stream.
    function exchangeRate() external view returns (uint256) {
        return convertToAssets(1e18);
    }

    /// @notice Funded rewards not yet streamed.
    function rewardsRemaining() public view returns (uint256) {
        return _rewardReserve - _streamedSinceAccrual();
    }

    /// @notice When the funded reserve runs out at the current rate (0 if the rate is 0).
    function rewardsEndTime() external view returns (uint256) {
        if (rewardRate == 0) return 0;
        return lastAccrualTime + _rewardReserve / rewardRate;
    }

    /// @notice WETH held beyond what holders, pending claims and the reward reserve account for.
    function surplus() public view returns (uint256) {
        uint256 accounted = _ownedAssets + pendingWithdrawals + _rewardReserve;
        uint256 held = IERC20(asset()).balanceOf(address(this));
        return held > accounted ? held - accounted : 0;
    }

    function getWithdrawalRequest(uint256 requestId) external view returns (WithdrawalRequest memory) {
        WithdrawalRequest memory r = _requests[requestId];
        if (r.owner == address(0)) revert UnknownRequest(requestId);
        return r;
    }

    /// @notice 0 while paused (ERC-4626: deposits disabled), otherwise unlimited.
    function maxDeposit(address) public view override returns (uint256) {
        return paused() ? 0 : type(uint256).max;
    }

    /// @notice 0 while paused (ERC-4626: mints disabled), otherwise unlimited.
    function maxMint(address) public view override returns (uint256) {
        return paused() ? 0 : type(uint256).max;
    }

    /// @notice Always 0: there is no instant exit; use `requestWithdrawal`.
    function maxRedeem(address) public pure override returns (uint256) {
        return 0;
    }

    /// @notice Always 0: there is no instant exit; use `requestWithdrawal`.
    function maxWithdraw(address) public pure override returns (uint256) {
        return 0;
    }

    // ------------------------------------------------------------------------------------------------
    // deposits

    /// @notice Deposit `assets` WETH (approved to this pool) for `receiver`'s shares.
    function deposit(uint256 assets, address receiver) public override nonReentrant returns (uint256) {
        _requireNotPaused(); // a clear EnforcedPause() rather than ERC4626ExceededMaxDeposit(.., 0)
        _accrue();
        return super.deposit(assets, receiver);
    }

    /// @notice Mint exactly `shares` for `receiver`, pulling the WETH they cost (at least `minDeposit`).
    function mint(uint256 shares, address receiver) public override nonReentrant returns (uint256) {
        _requireNotPaused();
        _accrue();
        return super.mint(shares, receiver);
    }

    /// @notice Stake native ETH: wraps `msg.value` and deposits it for `receiver`.
    function depositEth(address receiver) external payable nonReentrant whenNotPaused returns (uint256 shares) {
        _accrue();
        shares = previewDeposit(msg.value);
        _checkDeposit(receiver, msg.value, shares);
        weth.deposit{value: msg.value}();
        _ownedAssets = SafeCast.toUint128(_ownedAssets + msg.value);
        _mint(receiver, shares);
        emit Deposit(msg.sender, receiver, msg.value, shares);
    }

    /// @dev Shared by `deposit` and `mint` (OpenZeppelin routes both here).
    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        _checkDeposit(receiver, assets, shares);
        _ownedAssets = SafeCast.toUint128(_ownedAssets + assets);
        super._deposit(caller, receiver, assets, shares);
    }

    function _checkDeposit(address receiver, uint256 assets, uint256 shares) private view {
        if (receiver == address(0)) revert ZeroAddress();
        if (assets < minDeposit) revert BelowMinimumDeposit(assets, minDeposit);
        if (shares == 0) revert ZeroShares(assets);
    }

    // ------------------------------------------------------------------------------------------------
    // exits

    /// @notice Disabled: exits go through `requestWithdrawal` and `claim` after `withdrawalDelay`.
    /// @dev The `_accrue()` (undone by the revert) only keeps the function non-pure, so the ABI keeps
    ///      ERC-4626's nonpayable `withdraw` and generic integrators/typed clients call it as a transaction.
    function withdraw(uint256, address, address) public override returns (uint256) {
        _accrue();
        revert InstantRedemptionDisabled();
    }

    /// @notice Disabled: exits go through `requestWithdrawal` and `claim` after `withdrawalDelay`.
    /// @dev The `_accrue()` (undone by the revert) only keeps the function non-pure, so the ABI keeps
    ///      ERC-4626's nonpayable `redeem` and generic integrators/typed clients call it as a transaction.
    function redeem(uint256, address, address) public override returns (uint256) {
        _accrue();
        revert InstantRedemptionDisabled();
    }

    /// @notice Burns `shares` of the caller and reserves the WETH they are worth now, claimable by the caller
    ///         after `withdrawalDelay`. The amount is fixed here: the request earns no further rewards.
    /// @return requestId the id to pass to `claim`/`claimEth`.
    function requestWithdrawal(uint256 shares) external nonReentrant whenNotPaused returns (uint256 requestId) {
        if (shares == 0) revert ZeroAmount();
        uint256 balance = balanceOf(msg.sender);
        if (shares > balance) revert InsufficientShares(shares, balance);
        _accrue();
        // Never 0: rounding always favours the pool, so a share is worth at least 1 wei.
        uint256 assets = previewRedeem(shares);

        _burn(msg.sender, shares);
        // assets <= _ownedAssets (previewRedeem floors a pro-rata share of totalAssets): the cast is exact
        _ownedAssets -= uint128(assets);
        pendingWithdrawals += assets;

        requestId = ++withdrawalRequestCount;
        uint256 claimableAt = block.timestamp + withdrawalDelay;
        _requests[requestId] = WithdrawalRequest({
            owner: msg.sender,
            claimableAt: uint64(claimableAt),
            claimed: false,
            assets: assets,
            shares: shares
        });
        emit WithdrawalRequested(requestId, msg.sender, shares, assets, claimableAt);
    }

    /// @notice Pays a matured request in WETH to its owner. Works while paused.
    function claim(uint256 requestId) external nonReentrant returns (uint256 assets) {
        assets = _settle(requestId);
        IERC20(asset()).safeTransfer(msg.sender, assets);
        emit WithdrawalClaimed(requestId, msg.sender, assets, false);
    }

    /// @notice Pays a matured request in native ETH to its owner. Works while paused.
    function claimEth(uint256 requestId) external nonReentrant returns (uint256 assets) {
        assets = _settle(requestId);
        weth.withdraw(assets);
        (bool ok, ) = payable(msg.sender).call{value: assets}("");
        if (!ok) revert EthTransferFailed(msg.sender, assets);
        emit WithdrawalClaimed(requestId, msg.sender, assets, true);
    }

    /// @dev Checks a claim and marks it paid (before any transfer).
    function _settle(uint256 requestId) private returns (uint256 assets) {
        WithdrawalRequest storage r = _requests[requestId];
        address owner = r.owner;
        if (owner == address(0)) revert UnknownRequest(requestId);
        if (owner != msg.sender) revert NotRequestOwner(requestId, msg.sender, owner);
        if (r.claimed) revert AlreadyClaimed(requestId);
        if (block.timestamp < r.claimableAt) revert WithdrawalNotReady(requestId, r.claimableAt - block.timestamp);
        r.claimed = true;
        assets = r.assets;
        pendingWithdrawals -= assets;
    }

    // ------------------------------------------------------------------------------------------------
    // rewards (KEEPER_ROLE)

    /// @notice Pulls `amount` WETH from the keeper into the reward reserve; it streams out at `rewardRate`.
    function fundRewards(uint256 amount) external onlyRole(KEEPER_ROLE) nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _accrue();
        IERC20(asset()).safeTransferFrom(msg.sender, address(this), amount);
        _rewardReserve = SafeCast.toUint128(_rewardReserve + amount);
        emit RewardsFunded(msg.sender, amount, _rewardReserve);
    }

    /// @notice Sets the stream speed in wei of WETH per second (0 stops it). What is already streamed stays.
    function setRewardRate(uint256 ratePerSecond) external onlyRole(KEEPER_ROLE) {
        _accrue();
        emit RewardRateUpdated(rewardRate, ratePerSecond);
        rewardRate = SafeCast.toUint184(ratePerSecond);
    }

    /// @notice Moves WETH sent here directly (not via deposit) into the reward reserve, so it reaches holders
    ///         gradually through the stream rather than as an exchange-rate jump someone could front-run.
    function sweepSurplusToRewards() external onlyRole(KEEPER_ROLE) {
        _accrue();
        uint256 amount = surplus();
        if (amount == 0) revert NoSurplus();
        _rewardReserve = SafeCast.toUint128(_rewardReserve + amount);
        emit SurplusSwept(amount, _rewardReserve);
    }

    /// @notice Writes the rewards streamed since the last accrual into the holders' assets. Anyone may call.
    function accrue() external {
        _accrue();
    }

    function _accrue() private {
        uint256 streamed = _streamedSinceAccrual();
        lastAccrualTime = uint64(block.timestamp);
        if (streamed == 0) return;
        // streamed <= _rewardReserve, and the sum of both fits as they did
        (_rewardReserve, _ownedAssets) = (_rewardReserve - uint128(streamed), _ownedAssets + uint128(streamed));
        emit RewardsAccrued(streamed, _ownedAssets, _rewardReserve);
    }

    /// @dev min(rewardRate * elapsed, reserve), without overflowing for any rate.
    function _streamedSinceAccrual() private view returns (uint256) {
        uint256 elapsed = block.timestamp - lastAccrualTime;
        uint256 rate = rewardRate;
        uint256 reserve = _rewardReserve;
        if (elapsed == 0 || rate == 0) return 0;
        if (rate > reserve / elapsed) return reserve;
        return rate * elapsed;
    }

    // ------------------------------------------------------------------------------------------------
    // losses (DEFAULT_ADMIN_ROLE: the multisig)

    /// @notice Records a loss of the staked ETH (a slashing, inactivity penalties): `amount` WETH leaves the
    ///         pool for the dead address, where nobody can spend it, as slashed ETH is destroyed, and the
    ///         exchange rate falls for every holder at once. Pending withdrawal requests keep their locked
    ///         amount (already set aside, as in the request's NatSpec) and the reward reserve is untouched.
    ///         At most MAX_LOSS_PER_REPORT_BPS of the holders' assets per report.
    /// @dev This is what makes an LST a risky collateral: the lending pool prices these shares by their
    ///      exchange rate, so a loss lowers every borrower's health factor. Admin-only, because it moves
    ///      holders' money: after the deploy's hand-over it takes 2 of the 3 multisig owners.
    function reportLoss(uint256 amount, string calldata reason) external onlyRole(DEFAULT_ADMIN_ROLE) nonReentrant {
        if (amount == 0) revert ZeroAmount();
        _accrue();
        uint256 maximum = (_ownedAssets * MAX_LOSS_PER_REPORT_BPS) / 10_000;
        if (amount > maximum) revert LossTooLarge(amount, maximum);
        _ownedAssets -= uint128(amount); // amount <= a tenth of _ownedAssets
        emit LossReported(msg.sender, amount, _ownedAssets, reason);
        IERC20(asset()).safeTransfer(DEAD_SHARES_HOLDER, amount);
    }

    // ------------------------------------------------------------------------------------------------
    // pause (PAUSER_ROLE)

    /// @notice Stops deposits and new withdrawal requests; claims, transfers and keeper calls continue.
    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }
}

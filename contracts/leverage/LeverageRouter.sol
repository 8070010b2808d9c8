// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {LendingPool} from "./LendingPool.sol";
import {ILeverageWETH, ILeverageLST, ILeverageFlashCallee, ILeverageUnwinder} from "./ILeverage.sol";

/// @title One-transaction leveraged liquid staking on top of {LendingPool}.
/// @notice `openPosition` turns `msg.value` ETH into a position of `leverage x msg.value` ETH staked in an LST,
///         posted as collateral, with `(leverage - 1) x msg.value` borrowed from the pool; `closePosition`
///         repays the debt, sells the collateral back to WETH and returns the rest as ETH.
///
/// @dev Design choices:
///      - Positions live in the user's own pool account; the user makes this router a delegate once with
///        `pool.setDelegate(router, true)`. The router never holds a position or funds between calls, the
///        user keeps full control (repay, add collateral, revoke) and liquidation targets the user. The
///        router remembers which collateral shares and which part of the (scaled) debt each
///        (user, LST) position opened, so closing one position leaves the user's other pool activity alone.
///      - Flash style, not a loop: {LendingPool.flashBorrow} sends the whole debt up front and checks the
///        LTV after the callback has staked it and posted the collateral. Gas is constant (one stake,
///        one collateral deposit, one debt entry: about 360k to open, 250k to close) and any leverage up to 1/(1 - LTV) is
///        reachable exactly; a deposit-borrow loop needs ~5 rounds for 3x at 80% LTV (each round a stake, a
///        collateral deposit and a borrow: ~1M gas) and never reaches the 5x limit (the series converges to
///        it). No flash fee: the borrowed ETH becomes ordinary debt that pays interest.
///      - Unwind: {LendingPool.flashRepay} writes the debt down first, the callback withdraws the freed
///        collateral and sells it for WETH, and the pool then pulls the repayment. The sale uses the LST's
///        admin-set {unwinders} adapter when one is configured (an instant-exit path such as a WETH buffer
///        or the staking pool's instant redeem, for pools whose own withdrawals are queued), and otherwise the
///        vault's ERC-4626 `redeem`, which the test mock serves instantly. A position worth less than its
///        debt can still be closed by sending the shortfall as `msg.value`.
///      - At exactly the maximum leverage the LST's and the pool's rounding can leave the collateral a few wei
///        short of the LTV limit; the debt is then lowered by the few wei needed (see {previewPosition}).
contract LeverageRouter is AccessControl, Pausable, ReentrancyGuardTransient, ILeverageFlashCallee {
    using SafeERC20 for IERC20;
    using SafeERC20 for ILeverageWETH;

    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    uint256 public constant BPS = 10_000;
    uint256 public constant WAD = 1e18;
    uint256 public constant RAY = 1e27;
    uint256 public constant MIN_LEVERAGE_BPS = 15_000; // 1.5x
    uint256 public constant MAX_LEVERAGE_BPS = 50_000; // 5x
    /// @dev Debt the pool records for a borrow of `a` is at most `a + 2` (scaled amount and index both round up).
    uint256 private constant DEBT_ROUNDING = 2;

    struct Position {
        uint256 collateralShares;
        uint256 scaledDebt; // pool index units, so interest is included when converted back
    }

    /// @notice What {openPosition} would produce for a fresh account, and the inputs for a net APY
    ///         (net APY = leverage x staking APY - (leverage - 1) x borrow rate, on the equity).
    struct Preview {
        uint256 collateralShares;
        uint256 collateralValue; // WETH at the LST's exchange rate
        uint256 debt;
        uint256 healthFactor; // WAD
        uint256 liquidationPrice; // LST/ETH exchange rate (WETH per 1e18 shares) at which HF = 1
        uint256 exchangeRate; // WETH per 1e18 shares now
        uint256 effectiveLeverageBps; // collateralValue / ethAmount
        uint256 maxLeverageBps; // 1 / (1 - LTV)
        uint256 borrowRateNow; // per year, WAD
        uint256 borrowRateAfter; // per year, WAD, at the utilisation after this borrow
        uint256 poolLiquidity; // WETH the pool can lend now
    }

    LendingPool public immutable pool;
    ILeverageWETH public immutable weth;

    mapping(address user => mapping(address lst => Position)) internal _positions;
    /// @notice Instant-exit adapter per LST (zero: use the vault's own `redeem`).
    mapping(address lst => ILeverageUnwinder) public unwinders;

    event PositionOpened(
        address indexed user,
        address indexed lst,
        uint256 ethIn,
        uint256 debt,
        uint256 collateralShares,
        uint256 leverageBps,
        uint256 healthFactor
    );
    event PositionClosed(
        address indexed user,
        address indexed lst,
        uint256 collateralShares,
        uint256 wethFromCollateral,
        uint256 debtRepaid,
        uint256 ethOut
    );
    event UnwinderSet(address indexed lst, address unwinder);

    error ZeroAmount();
    error ZeroAddress();
    error LeverageOutOfRange(uint256 leverageBps, uint256 minBps, uint256 maxBps);
    error LeverageAboveLtvLimit(uint256 leverageBps, uint256 maxLeverageBps);
    error LeverageUnreachable(address lst, uint256 leverageBps);
    error CollateralNotEnabled(address lst);
    error RouterNotDelegate(address user);
    error InsufficientCollateralOut(uint256 shares, uint256 minShares);
    error InsufficientEthOut(uint256 ethOut, uint256 minEthOut);
    error InsufficientUnwindProceeds(uint256 available, uint256 owed);
    error NoPosition(address user, address lst);
    error UnauthorizedCallback(address caller);
    error EthTransferFailed();
    error UnexpectedEthSender(address sender);

    constructor(address admin, LendingPool pool_) {
        if (admin == address(0) || address(pool_) == address(0)) revert ZeroAddress();
        pool = pool_;
        weth = pool_.weth();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
    }

    /// @dev ETH arrives only from unwrapping WETH.
    receive() external payable {
        if (msg.sender != address(weth)) revert UnexpectedEthSender(msg.sender);
    }

    // ------------------------------------------------------------------------------------------------
    // open

    /// @notice Stake `msg.value` ETH at `targetLeverageBps` (15000 = 1.5x .. 50000 = 5x, at most 1/(1-LTV))
    ///         in `lst`: the pool lends `(leverage - 1) x msg.value`, all of it is staked, and the shares
    ///         (at least `minCollateralOut`) become the caller's collateral. Needs `pool.setDelegate(this, true)`.
    function openPosition(
        ILeverageLST lst,
        uint256 targetLeverageBps,
        uint256 minCollateralOut
    ) external payable nonReentrant whenNotPaused returns (uint256 collateralShares, uint256 debt) {
        uint256 equity = msg.value;
        if (equity == 0) revert ZeroAmount();
        address user = msg.sender;
        if (!pool.isDelegate(user, address(this))) revert RouterNotDelegate(user);
        (debt, , ) = _plan(lst, equity, targetLeverageBps);
        if (debt == 0) revert ZeroAmount();

        uint256 sharesBefore = pool.collateralOf(user, address(lst));
        uint256 scaledBefore = pool.scaledDebtOf(user);
        pool.flashBorrow(debt, user, abi.encode(lst, equity, minCollateralOut));
        collateralShares = pool.collateralOf(user, address(lst)) - sharesBefore;

        Position storage p = _positions[user][address(lst)];
        p.collateralShares += collateralShares;
        p.scaledDebt += pool.scaledDebtOf(user) - scaledBefore;
        emit PositionOpened(user, address(lst), equity, debt, collateralShares, targetLeverageBps, pool.healthFactor(user));
    }

    /// @inheritdoc ILeverageFlashCallee
    function onFlashBorrow(address user, uint256 amount, bytes calldata data) external {
        if (msg.sender != address(pool)) revert UnauthorizedCallback(msg.sender);
        (ILeverageLST lst, uint256 equity, uint256 minShares) = abi.decode(data, (ILeverageLST, uint256, uint256));
        weth.withdraw(amount);
        uint256 shares = lst.depositEth{value: equity + amount}(address(this));
        if (shares < minShares) revert InsufficientCollateralOut(shares, minShares);
        IERC20(address(lst)).forceApprove(address(pool), shares);
        pool.supplyCollateral(address(lst), shares, user);
    }

    // ------------------------------------------------------------------------------------------------
    // close

    /// @notice Close the caller's position in `lst`: repay its debt (interest included), sell its collateral
    ///         for WETH and send the remainder (at least `minEthOut`) to the caller as ETH. ETH sent along
    ///         tops up the proceeds (needed only for a position worth less than its debt). Works while paused.
    function closePosition(ILeverageLST lst, uint256 minEthOut) external payable nonReentrant returns (uint256 ethOut) {
        address user = msg.sender;
        Position memory p = _positions[user][address(lst)];
        if (p.collateralShares == 0) revert NoPosition(user, address(lst));
        // the user may have been liquidated or repaid directly: never take more than the account has
        uint256 shares = Math.min(p.collateralShares, pool.collateralOf(user, address(lst)));
        uint256 debt = Math.min(_debtOf(p), pool.debtOf(user));
        delete _positions[user][address(lst)];

        uint256 baseline = weth.balanceOf(address(this));
        if (msg.value > 0) weth.deposit{value: msg.value}();
        if (debt > 0) {
            pool.flashRepay(debt, user, abi.encode(lst, shares, msg.value));
        } else if (shares > 0) {
            pool.withdrawCollateral(address(lst), shares, user, address(this));
            _unwind(lst, shares);
        }
        ethOut = weth.balanceOf(address(this)) - baseline;
        if (ethOut < minEthOut) revert InsufficientEthOut(ethOut, minEthOut);
        emit PositionClosed(user, address(lst), shares, ethOut + debt - msg.value, debt, ethOut);
        if (ethOut > 0) {
            weth.withdraw(ethOut);
            (bool ok, ) = payable(user).call{value: ethOut}("");
            if (!ok) revert EthTransferFailed();
        }
    }

    /// @inheritdoc ILeverageFlashCallee
    function onFlashRepay(address user, uint256 amount, bytes calldata data) external {
        if (msg.sender != address(pool)) revert UnauthorizedCallback(msg.sender);
        (ILeverageLST lst, uint256 shares, uint256 topUp) = abi.decode(data, (ILeverageLST, uint256, uint256));
        uint256 wethOut;
        if (shares > 0) {
            pool.withdrawCollateral(address(lst), shares, user, address(this));
            wethOut = _unwind(lst, shares);
        }
        if (wethOut + topUp < amount) revert InsufficientUnwindProceeds(wethOut + topUp, amount);
        weth.forceApprove(address(pool), amount);
    }

    /// @dev Sells `shares` for WETH held by this contract; returns the WETH received (measured).
    function _unwind(ILeverageLST lst, uint256 shares) private returns (uint256 wethOut) {
        ILeverageUnwinder unwinder = unwinders[address(lst)];
        uint256 before = weth.balanceOf(address(this));
        if (address(unwinder) == address(0)) {
            lst.redeem(shares, address(this), address(this));
        } else {
            IERC20(address(lst)).forceApprove(address(unwinder), shares);
            unwinder.unwind(lst, shares, address(this));
        }
        wethOut = weth.balanceOf(address(this)) - before;
    }

    // ------------------------------------------------------------------------------------------------
    // views

    /// @notice Preview of {openPosition}(lst, leverageBps) with `ethAmount`, for an account with no other
    ///         position. Reverts LeverageOutOfRange outside 1.5x..5x, LeverageAboveLtvLimit above
    ///         1/(1 - LTV) and CollateralNotEnabled for an LST the pool does not take.
    function previewPosition(
        ILeverageLST lst,
        uint256 ethAmount,
        uint256 leverageBps
    ) external view returns (Preview memory p) {
        if (ethAmount == 0) revert ZeroAmount();
        uint256 lt;
        (p.debt, p.collateralShares, lt) = _plan(lst, ethAmount, leverageBps);
        p.maxLeverageBps = maxLeverageBps(lst);
        p.collateralValue = lst.convertToAssets(p.collateralShares);
        uint256 liquidationValue = (p.collateralValue * lt) / BPS;
        p.healthFactor = p.debt == 0 ? type(uint256).max : Math.mulDiv(liquidationValue, WAD, p.debt);
        if (p.collateralShares > 0) {
            p.liquidationPrice = Math.mulDiv(p.debt, WAD * BPS, p.collateralShares * lt, Math.Rounding.Ceil);
        }
        p.exchangeRate = lst.convertToAssets(WAD);
        p.effectiveLeverageBps = (p.collateralValue * BPS) / ethAmount;
        p.borrowRateNow = pool.borrowRate();
        uint256 cash = pool.cash();
        uint256 poolDebt = pool.totalDebt();
        uint256 total = cash + poolDebt;
        p.borrowRateAfter = pool.borrowRateAt(total == 0 ? 0 : Math.mulDiv(poolDebt + p.debt, WAD, total));
        p.poolLiquidity = cash;
    }

    /// @notice Highest leverage the LST's LTV allows: 1 / (1 - LTV), capped at 5x (bps).
    function maxLeverageBps(ILeverageLST lst) public view returns (uint256) {
        LendingPool.CollateralConfig memory cfg = pool.collateralConfig(address(lst));
        if (!cfg.listed || !cfg.enabled) revert CollateralNotEnabled(address(lst));
        return Math.min((BPS * BPS) / (BPS - cfg.ltvBps), MAX_LEVERAGE_BPS);
    }

    /// @notice The caller-visible state of `user`'s position in `lst`: collateral and debt this router
    ///         opened (interest included), the account's health factor and the LST/ETH rate at which the
    ///         position alone would reach HF = 1.
    function positionOf(
        address user,
        ILeverageLST lst
    )
        external
        view
        returns (uint256 collateralShares, uint256 collateralValue, uint256 debt, uint256 healthFactor, uint256 liquidationPrice)
    {
        Position memory p = _positions[user][address(lst)];
        collateralShares = Math.min(p.collateralShares, pool.collateralOf(user, address(lst)));
        collateralValue = lst.convertToAssets(collateralShares);
        debt = Math.min(_debtOf(p), pool.debtOf(user));
        healthFactor = pool.healthFactor(user);
        uint256 lt = pool.collateralConfig(address(lst)).liquidationThresholdBps;
        if (collateralShares > 0 && lt > 0) {
            liquidationPrice = Math.mulDiv(debt, WAD * BPS, collateralShares * lt, Math.Rounding.Ceil);
        }
    }

    function _debtOf(Position memory p) private view returns (uint256) {
        return Math.mulDiv(p.scaledDebt, pool.currentBorrowIndex(), RAY, Math.Rounding.Ceil);
    }

    /// @dev Debt for `equity` at `leverageBps`, the shares the stake would mint, and the liquidation
    ///      threshold. The debt is (leverage - 1) x equity, lowered only if the LST's rounding leaves the
    ///      collateral short of the LTV limit (a few wei at exactly the maximum leverage).
    function _plan(
        ILeverageLST lst,
        uint256 equity,
        uint256 leverageBps
    ) private view returns (uint256 debt, uint256 shares, uint256 lt) {
        if (leverageBps < MIN_LEVERAGE_BPS || leverageBps > MAX_LEVERAGE_BPS) {
            revert LeverageOutOfRange(leverageBps, MIN_LEVERAGE_BPS, MAX_LEVERAGE_BPS);
        }
        uint256 maxLev = maxLeverageBps(lst);
        if (leverageBps > maxLev) revert LeverageAboveLtvLimit(leverageBps, maxLev);
        LendingPool.CollateralConfig memory cfg = pool.collateralConfig(address(lst));
        lt = cfg.liquidationThresholdBps;
        debt = (equity * (leverageBps - BPS)) / BPS;
        for (uint256 i; i < 6; ++i) {
            shares = lst.previewDeposit(equity + debt);
            uint256 limit = (lst.convertToAssets(shares) * cfg.ltvBps) / BPS;
            // the pool records debt through a rounded-up scaled amount: up to DEBT_ROUNDING wei more
            if (debt + DEBT_ROUNDING <= limit) return (debt, shares, lt);
            uint256 cut = ((debt + DEBT_ROUNDING - limit) * BPS) / (BPS - cfg.ltvBps) + 1;
            if (cut >= debt) break;
            debt -= cut;
        }
        revert LeverageUnreachable(address(lst), leverageBps);
    }

    // ------------------------------------------------------------------------------------------------
    // admin

    /// @notice Set the instant-exit adapter for `lst` (zero address: fall back to the vault's `redeem`).
    function setUnwinder(address lst, ILeverageUnwinder unwinder) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (lst == address(0)) revert ZeroAddress();
        unwinders[lst] = unwinder;
        emit UnwinderSet(lst, address(unwinder));
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }
}

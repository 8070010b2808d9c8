// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ILeverageWETH, ILeverageFlashCallee} from "./ILeverage.sol";

/// @title WETH lending pool with liquid-staking-token collateral.
/// @notice Lenders supply WETH (or ETH) and earn the borrow interest; borrowers post ERC-4626 liquid-staking
///         shares as collateral and borrow WETH (or ETH) against them.
///
/// @dev Valuation, and why there is no oracle: collateral and debt are both ETH. An LST share is worth
///      `convertToAssets(shares)` WETH, the vault's own redemption rate (backing ETH / shares), so the pool
///      reads that rate directly instead of a market price feed. Risks this accepts, and their mitigations:
///      - the rate is only as honest as the vault's accounting: a vault whose `totalAssets` can be raised
///        cheaply (donations, a buggy or malicious upgrade) lets borrowers over-borrow. Only admin-listed
///        vaults over this pool's WETH are accepted, each with a supply cap bounding the exposure.
///      - the market price of an LST can trade below its redemption rate (queued withdrawals, stress like
///        stETH in 2022). Liquidators are paid in LST and must wait out the queue or sell at market; the
///        liquidation bonus is what pays them for that, and positions are not liquidated on a depeg alone.
///      - slashing lowers the rate at once; that is priced in exactly (HF drops), which is the point.
///
///      Borrow limits follow Aave: borrowing and collateral withdrawals are capped by LTV
///      (debt <= sum(value * ltv)), liquidation uses the higher liquidation threshold
///      (health factor = sum(value * threshold) / debt, 1e18 = 1). A position opened at its LTV limit
///      therefore starts at HF = threshold / ltv (1.0625 at 80% / 85%).
///
///      Interest: a kink model on utilisation U = debt / (cash + debt): base + slope1 * U / optimal below the
///      kink, base + slope1 + slope2 * (U - optimal) / (1 - optimal) above it. Debt is stored as scaled
///      amounts against a borrow index (RAY) that grows linearly per second between accruals (so it
///      compounds at every interaction). `reserveFactorBps` of the interest goes to protocol reserves.
///
///      Liquidation and bad debt: a position with HF < 1 can be liquidated; the liquidator repays up to 50%
///      of the debt (100% once HF < 0.95) and receives collateral worth repaid * (1 + bonus). Collateral
///      config is validated so that threshold * (1 + bonus/2) <= 0.95, which makes a 50% liquidation leave
///      collateral worth more than the remaining debt. Below HF 0.95 a liquidator may take it all; if the
///      seized collateral was the borrower's last and debt remains, that debt is written off in the same
///      transaction: paid from reserves first, the rest reduces what lenders' shares are worth, and both
///      are recorded (`totalBadDebt`, `totalSocializedLoss`, `BadDebtWrittenOff`). Bad debt the books do not
///      show is therefore limited to positions with HF < 1 that nobody has liquidated yet (visible through
///      {accountData}) plus rounding of at most a few wei per operation.
///
///      Pause (PAUSER_ROLE) stops supply, collateral deposits, borrowing and flash borrows. Repay,
///      liquidation, flash repay and all withdrawals (subject to the health checks) stay open so that users
///      and keepers can always reduce risk.
// pool accounting (cash, reserves, indexes, bad debt) is one unit
// solhint-disable-next-line max-states-count
contract LendingPool is AccessControl, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeERC20 for ILeverageWETH;
    using Math for uint256;

    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    uint256 public constant BPS = 10_000;
    uint256 public constant WAD = 1e18;
    uint256 public constant RAY = 1e27;
    uint256 public constant SECONDS_PER_YEAR = 365 days;
    /// @notice Share of the debt one liquidation may repay while HF >= FULL_LIQUIDATION_HF.
    uint256 public constant CLOSE_FACTOR_BPS = 5_000;
    /// @notice Below this health factor a liquidation may repay the whole debt.
    uint256 public constant FULL_LIQUIDATION_HF = 0.95e18;
    /// @notice Health factors are summed over every listed collateral, so the list is bounded.
    uint256 public constant MAX_COLLATERALS = 10;
    uint256 public constant MAX_BORROW_RATE = 10e18; // 1,000% a year
    uint256 public constant MAX_RESERVE_FACTOR_BPS = 5_000;
    uint256 public constant MAX_LIQUIDATION_BONUS_BPS = 2_000;

    struct CollateralConfig {
        bool listed;
        /// @dev Disabled collateral takes no new deposits and gives no borrowing power, but still counts
        ///      (at its liquidation threshold) for the health factor, so disabling never liquidates anyone.
        bool enabled;
        uint16 ltvBps;
        uint16 liquidationThresholdBps;
        uint16 liquidationBonusBps;
        /// @dev Most shares the pool accepts in total (bounds exposure to one vault's exchange rate).
        uint256 supplyCap;
    }

    /// @notice Rates per year, WAD (1e18 = 100%); optimal utilisation WAD.
    struct RateModel {
        uint64 baseRate;
        uint64 slope1;
        uint64 slope2;
        uint64 optimalUtilization;
    }

    struct AccountData {
        uint256 collateralValue; // WETH, at the vaults' exchange rates
        uint256 borrowLimit; // sum(value * ltv) over enabled collateral
        uint256 liquidationValue; // sum(value * liquidation threshold)
        uint256 debt;
        uint256 healthFactor; // WAD; type(uint256).max without debt
    }

    ILeverageWETH public immutable weth;

    mapping(address token => CollateralConfig) internal _collateralConfigs;
    address[] internal _collateralTokens;
    /// @notice LST shares held for `account`.
    mapping(address account => mapping(address token => uint256 shares)) public collateralOf;
    /// @notice LST shares held in total per token (what `supplyCap` limits).
    mapping(address token => uint256 shares) public totalCollateral;

    /// @notice Debt of an account in index units: debt = scaled * borrowIndex / RAY (rounded up).
    mapping(address account => uint256) public scaledDebtOf;
    uint256 public totalScaledDebt;
    /// @notice Stored borrow index (RAY); {currentBorrowIndex} includes interest not yet accrued.
    uint256 public borrowIndex;
    uint256 public lastAccrual;

    /// @notice WETH the pool holds for lenders and reserves (tracked, so donations change nothing).
    uint256 public cash;
    /// @notice WETH that is out in a flash hook: sent by {flashBorrow} before its debt is recorded, or
    ///         owed by a {flashRepay} caller whose debt is already written down. Counted in totalAssets so
    ///         that lender shares cannot be bought or sold at a distorted price during a hook.
    uint256 public inFlight;
    /// @notice Protocol reserves (WETH), from `reserveFactorBps` of interest; first loss for bad debt.
    uint256 public reserves;
    uint256 public totalBadDebt;
    uint256 public totalSocializedLoss;

    mapping(address lender => uint256) public lenderSharesOf;
    uint256 public totalLenderShares;

    /// @notice `account` lets `delegate` borrow, withdraw collateral and use the flash hooks in its name.
    mapping(address account => mapping(address delegate => bool)) public isDelegate;

    RateModel public rateModel;
    uint256 public reserveFactorBps;

    bool private _hookActive;

    event Supplied(address indexed caller, address indexed onBehalfOf, uint256 assets, uint256 shares);
    event Withdrawn(address indexed lender, address indexed to, uint256 assets, uint256 shares);
    event CollateralSupplied(address indexed caller, address indexed onBehalfOf, address indexed token, uint256 shares);
    event CollateralWithdrawn(address indexed account, address indexed caller, address indexed token, address to, uint256 shares);
    event Borrowed(address indexed account, address indexed caller, address to, uint256 amount);
    event Repaid(address indexed payer, address indexed account, uint256 amount);
    event Liquidated(
        address indexed liquidator,
        address indexed borrower,
        address indexed token,
        uint256 repaid,
        uint256 seizedShares,
        uint256 seizedValue
    );
    event BadDebtWrittenOff(address indexed borrower, uint256 amount, uint256 coveredByReserves, uint256 socialized);
    event InterestAccrued(uint256 interest, uint256 reservesAdded, uint256 borrowIndex);
    event DelegateSet(address indexed account, address indexed delegate, bool approved);
    event CollateralConfigured(
        address indexed token,
        uint256 ltvBps,
        uint256 liquidationThresholdBps,
        uint256 liquidationBonusBps,
        uint256 supplyCap,
        bool enabled
    );
    event RateModelUpdated(uint256 baseRate, uint256 slope1, uint256 slope2, uint256 optimalUtilization);
    event ReserveFactorUpdated(uint256 oldBps, uint256 newBps);
    event ReservesWithdrawn(address indexed to, uint256 amount);

    error ZeroAmount();
    error ZeroAddress();
    error NotAuthorized(address caller, address account);
    error InsufficientLiquidity(uint256 requested, uint256 available);
    error InsufficientShares(uint256 balance, uint256 needed);
    error InsufficientCollateral(address token, uint256 balance, uint256 requested);
    error BorrowLimitExceeded(address account, uint256 debt, uint256 borrowLimit);
    error CollateralNotListed(address token);
    error CollateralDisabled(address token);
    error SupplyCapExceeded(address token, uint256 totalAfter, uint256 cap);
    error CollateralAssetMismatch(address token, address asset);
    error InvalidCollateralConfig(uint256 ltvBps, uint256 liquidationThresholdBps, uint256 liquidationBonusBps);
    error TooManyCollaterals();
    error InvalidRateModel();
    error InvalidReserveFactor(uint256 bps);
    error InsufficientReserves(uint256 requested, uint256 available);
    error NoDebt(address account);
    error PositionHealthy(address borrower, uint256 healthFactor);
    error NoCollateral(address borrower, address token);
    error LiquidationTooSmall();
    error HookActive();
    error EthTransferFailed();
    error UnexpectedEthSender(address sender);

    /// @param rateModel_ base, slope1, slope2 (per year, WAD) and optimal utilisation (WAD).
    constructor(address admin, ILeverageWETH weth_, RateModel memory rateModel_, uint256 reserveFactorBps_) {
        if (admin == address(0) || address(weth_) == address(0)) revert ZeroAddress();
        weth = weth_;
        borrowIndex = RAY;
        lastAccrual = block.timestamp;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _setRateModel(rateModel_);
        _setReserveFactor(reserveFactorBps_);
    }

    /// @dev ETH arrives only when the pool unwraps its own WETH.
    receive() external payable {
        if (msg.sender != address(weth)) revert UnexpectedEthSender(msg.sender);
    }

    // ------------------------------------------------------------------------------------------------
    // lenders

    /// @notice Supply `assets` WETH (approved to the pool); `onBehalfOf` receives the lender shares.
    function supply(uint256 assets, address onBehalfOf) external nonReentrant whenNotPaused returns (uint256 shares) {
        shares = _supply(assets, onBehalfOf);
        weth.safeTransferFrom(msg.sender, address(this), assets);
    }

    /// @notice Supply native ETH; it is wrapped to WETH.
    function supplyEth(address onBehalfOf) external payable nonReentrant whenNotPaused returns (uint256 shares) {
        shares = _supply(msg.value, onBehalfOf);
        weth.deposit{value: msg.value}();
    }

    /// @notice Withdraw `assets` WETH of the caller's supply to `to` (type(uint256).max: everything).
    function withdraw(uint256 assets, address to) external nonReentrant returns (uint256 shares) {
        (assets, shares) = _withdraw(assets, to);
        weth.safeTransfer(to, assets);
    }

    /// @notice As {withdraw}, paid in native ETH.
    function withdrawEth(uint256 assets, address payable to) external nonReentrant returns (uint256 shares) {
        (assets, shares) = _withdraw(assets, to);
        _sendEth(to, assets);
    }

    function _supply(uint256 assets, address onBehalfOf) private returns (uint256 shares) {
        if (assets == 0) revert ZeroAmount();
        if (onBehalfOf == address(0)) revert ZeroAddress();
        _accrue();
        shares = assets.mulDiv(totalLenderShares + 1, totalAssets() + 1, Math.Rounding.Floor);
        if (shares == 0) revert ZeroAmount();
        lenderSharesOf[onBehalfOf] += shares;
        totalLenderShares += shares;
        cash += assets;
        emit Supplied(msg.sender, onBehalfOf, assets, shares);
    }

    function _withdraw(uint256 assets, address to) private returns (uint256, uint256 shares) {
        if (assets == 0) revert ZeroAmount();
        if (to == address(0)) revert ZeroAddress();
        _accrue();
        uint256 balance = lenderSharesOf[msg.sender];
        if (assets == type(uint256).max) {
            shares = balance;
            assets = shares.mulDiv(totalAssets() + 1, totalLenderShares + 1, Math.Rounding.Floor);
            if (assets == 0) revert ZeroAmount();
        } else {
            shares = assets.mulDiv(totalLenderShares + 1, totalAssets() + 1, Math.Rounding.Ceil);
            if (shares > balance) revert InsufficientShares(balance, shares);
        }
        if (assets > cash) revert InsufficientLiquidity(assets, cash);
        lenderSharesOf[msg.sender] = balance - shares;
        totalLenderShares -= shares;
        cash -= assets;
        emit Withdrawn(msg.sender, to, assets, shares);
        return (assets, shares);
    }

    // ------------------------------------------------------------------------------------------------
    // borrowers

    /// @notice Let `delegate` (e.g. the LeverageRouter) borrow, withdraw collateral and use the flash hooks
    ///         for the caller. Positions stay in the caller's own account: the caller can repay, withdraw
    ///         and be liquidated like any borrower, and revoking stops the delegate at once.
    function setDelegate(address delegate, bool approved) external {
        if (delegate == address(0)) revert ZeroAddress();
        isDelegate[msg.sender][delegate] = approved;
        emit DelegateSet(msg.sender, delegate, approved);
    }

    /// @notice Deposit `shares` of an enabled LST (approved to the pool) as collateral of `onBehalfOf`.
    function supplyCollateral(address token, uint256 shares, address onBehalfOf) external nonReentrant whenNotPaused {
        if (shares == 0) revert ZeroAmount();
        if (onBehalfOf == address(0)) revert ZeroAddress();
        CollateralConfig storage cfg = _collateralConfigs[token];
        if (!cfg.listed) revert CollateralNotListed(token);
        if (!cfg.enabled) revert CollateralDisabled(token);
        uint256 totalAfter = totalCollateral[token] + shares;
        if (totalAfter > cfg.supplyCap) revert SupplyCapExceeded(token, totalAfter, cfg.supplyCap);
        totalCollateral[token] = totalAfter;
        collateralOf[onBehalfOf][token] += shares;
        emit CollateralSupplied(msg.sender, onBehalfOf, token, shares);
        IERC20(token).safeTransferFrom(msg.sender, address(this), shares);
    }

    /// @notice Withdraw collateral of `onBehalfOf` (the caller or its delegate) to `to`. Reverts if the
    ///         remaining debt would exceed the LTV borrow limit (which keeps HF >= threshold / ltv > 1).
    function withdrawCollateral(address token, uint256 shares, address onBehalfOf, address to) external nonReentrant {
        if (shares == 0) revert ZeroAmount();
        if (to == address(0)) revert ZeroAddress();
        _requireAuthorized(onBehalfOf);
        _accrue();
        uint256 balance = collateralOf[onBehalfOf][token];
        if (shares > balance) revert InsufficientCollateral(token, balance, shares);
        collateralOf[onBehalfOf][token] = balance - shares;
        totalCollateral[token] -= shares;
        _requireWithinLimit(onBehalfOf);
        emit CollateralWithdrawn(onBehalfOf, msg.sender, token, to, shares);
        IERC20(token).safeTransfer(to, shares);
    }

    /// @notice Borrow `amount` WETH on the account of `onBehalfOf` (the caller or its delegate), paid to `to`.
    function borrow(uint256 amount, address onBehalfOf, address to) external nonReentrant whenNotPaused {
        _borrow(amount, onBehalfOf, to);
        weth.safeTransfer(to, amount);
    }

    /// @notice As {borrow}, paid in native ETH.
    function borrowEth(uint256 amount, address onBehalfOf, address payable to) external nonReentrant whenNotPaused {
        _borrow(amount, onBehalfOf, to);
        _sendEth(to, amount);
    }

    function _borrow(uint256 amount, address onBehalfOf, address to) private {
        if (amount == 0) revert ZeroAmount();
        if (to == address(0)) revert ZeroAddress();
        _requireAuthorized(onBehalfOf);
        _accrue();
        if (amount > cash) revert InsufficientLiquidity(amount, cash);
        cash -= amount;
        _mintDebt(onBehalfOf, amount);
        _requireWithinLimit(onBehalfOf);
        emit Borrowed(onBehalfOf, msg.sender, to, amount);
    }

    /// @notice Repay up to `amount` WETH of `onBehalfOf`'s debt (anyone may repay for anyone); the caller pays
    ///         only what is owed (type(uint256).max repays everything).
    function repay(uint256 amount, address onBehalfOf) external nonReentrant returns (uint256 repaid) {
        if (amount == 0) revert ZeroAmount();
        _accrue();
        repaid = _burnDebt(onBehalfOf, amount);
        cash += repaid;
        emit Repaid(msg.sender, onBehalfOf, repaid);
        weth.safeTransferFrom(msg.sender, address(this), repaid);
    }

    /// @notice Repay with native ETH; whatever exceeds the debt is sent back to the caller.
    function repayEth(address onBehalfOf) external payable nonReentrant returns (uint256 repaid) {
        if (msg.value == 0) revert ZeroAmount();
        _accrue();
        repaid = _burnDebt(onBehalfOf, msg.value);
        cash += repaid;
        emit Repaid(msg.sender, onBehalfOf, repaid);
        weth.deposit{value: repaid}();
        if (msg.value > repaid) {
            (bool ok, ) = payable(msg.sender).call{value: msg.value - repaid}("");
            if (!ok) revert EthTransferFailed();
        }
    }

    // ------------------------------------------------------------------------------------------------
    // flash hooks (used by the LeverageRouter to open and close a leveraged position in one transaction)

    /// @notice Borrow first, check later: sends `amount` WETH to the caller, calls its {onFlashBorrow}, then
    ///         records the debt on `onBehalfOf` and enforces the LTV limit. This lets a caller turn the
    ///         borrowed WETH into the very collateral that secures it, without the pool needing the amount
    ///         twice (a flash loan followed by a borrow would).
    /// @dev Safe to leave other functions reentrant: during the callback the new debt is not recorded (so it
    ///      cannot be liquidated or written off) and the WETH out is counted in {inFlight}.
    function flashBorrow(uint256 amount, address onBehalfOf, bytes calldata data) external whenNotPaused {
        _enterHook();
        if (amount == 0) revert ZeroAmount();
        _requireAuthorized(onBehalfOf);
        _accrue();
        if (amount > cash) revert InsufficientLiquidity(amount, cash);
        cash -= amount;
        inFlight += amount;
        weth.safeTransfer(msg.sender, amount);
        ILeverageFlashCallee(msg.sender).onFlashBorrow(onBehalfOf, amount, data);
        inFlight -= amount;
        _mintDebt(onBehalfOf, amount);
        _requireWithinLimit(onBehalfOf);
        _hookActive = false;
        emit Borrowed(onBehalfOf, msg.sender, msg.sender, amount);
    }

    /// @notice Repay first, pay later: writes up to `amount` of `onBehalfOf`'s debt down, calls the caller's
    ///         {onFlashRepay} (which may now withdraw the freed collateral and sell it), then pulls the
    ///         repaid WETH from the caller. Needs no pool liquidity, so positions can unwind at 100%
    ///         utilisation. Returns the amount repaid.
    function flashRepay(uint256 amount, address onBehalfOf, bytes calldata data) external returns (uint256 repaid) {
        _enterHook();
        if (amount == 0) revert ZeroAmount();
        _requireAuthorized(onBehalfOf);
        _accrue();
        repaid = _burnDebt(onBehalfOf, amount);
        inFlight += repaid;
        ILeverageFlashCallee(msg.sender).onFlashRepay(onBehalfOf, repaid, data);
        inFlight -= repaid;
        cash += repaid;
        weth.safeTransferFrom(msg.sender, address(this), repaid);
        _hookActive = false;
        emit Repaid(msg.sender, onBehalfOf, repaid);
    }

    /// @dev Hooks may not nest, nor start inside a nonReentrant function's external call.
    function _enterHook() private {
        if (_hookActive || _reentrancyGuardEntered()) revert HookActive();
        _hookActive = true;
    }

    // ------------------------------------------------------------------------------------------------
    // liquidation

    /// @notice Repay up to `repayAmount` WETH (approved) of an unhealthy borrower's debt and receive its
    ///         `collateralToken` worth the repaid amount plus the liquidation bonus. The repayment is capped
    ///         by the close factor and by the collateral available; the caller pays only the capped amount.
    /// @return repaid WETH taken from the liquidator.
    /// @return seizedShares collateral shares sent to the liquidator.
    /// @return badDebt debt written off because the borrower has no collateral left.
    function liquidate(
        address borrower,
        address collateralToken,
        uint256 repayAmount
    ) external nonReentrant returns (uint256 repaid, uint256 seizedShares, uint256 badDebt) {
        if (repayAmount == 0) revert ZeroAmount();
        CollateralConfig memory cfg = _collateralConfigs[collateralToken];
        if (!cfg.listed) revert CollateralNotListed(collateralToken);
        _accrue();
        AccountData memory d = accountData(borrower);
        if (d.healthFactor >= WAD) revert PositionHealthy(borrower, d.healthFactor);
        uint256 balance = collateralOf[borrower][collateralToken];
        if (balance == 0) revert NoCollateral(borrower, collateralToken);

        uint256 maxRepay = d.healthFactor < FULL_LIQUIDATION_HF ? d.debt : (d.debt * CLOSE_FACTOR_BPS) / BPS;
        repaid = Math.min(repayAmount, maxRepay);
        IERC4626 vault = IERC4626(collateralToken);
        seizedShares = vault.convertToShares((repaid * (BPS + cfg.liquidationBonusBps)) / BPS);
        if (seizedShares >= balance) {
            // not enough of this collateral: take all of it, for what it is worth without the bonus
            seizedShares = balance;
            repaid = Math.min(repaid, (vault.convertToAssets(balance) * BPS) / (BPS + cfg.liquidationBonusBps));
        } else if (seizedShares == 0) {
            revert LiquidationTooSmall();
        }
        if (repaid > 0) repaid = _burnDebt(borrower, repaid);
        collateralOf[borrower][collateralToken] = balance - seizedShares;
        totalCollateral[collateralToken] -= seizedShares;
        cash += repaid;
        if (scaledDebtOf[borrower] > 0 && !_hasCollateral(borrower)) badDebt = _writeOff(borrower);

        emit Liquidated(msg.sender, borrower, collateralToken, repaid, seizedShares, vault.convertToAssets(seizedShares));
        if (repaid > 0) weth.safeTransferFrom(msg.sender, address(this), repaid);
        IERC20(collateralToken).safeTransfer(msg.sender, seizedShares);
    }

    function _hasCollateral(address account) private view returns (bool) {
        uint256 n = _collateralTokens.length;
        for (uint256 i; i < n; ++i) {
            if (collateralOf[account][_collateralTokens[i]] > 0) return true;
        }
        return false;
    }

    /// @dev Removes the whole remaining debt of a borrower without collateral; reserves absorb it first.
    function _writeOff(address borrower) private returns (uint256 amount) {
        uint256 scaled = scaledDebtOf[borrower];
        amount = _toDebt(scaled, borrowIndex);
        scaledDebtOf[borrower] = 0;
        totalScaledDebt -= scaled;
        uint256 covered = Math.min(amount, reserves);
        reserves -= covered;
        totalBadDebt += amount;
        totalSocializedLoss += amount - covered;
        emit BadDebtWrittenOff(borrower, amount, covered, amount - covered);
    }

    // ------------------------------------------------------------------------------------------------
    // interest

    /// @notice Bring the borrow index and reserves up to date (every state-changing call does this first).
    function accrueInterest() external {
        _accrue();
    }

    function _accrue() private {
        if (block.timestamp == lastAccrual) return;
        (uint256 index, uint256 interest) = _pendingIndex();
        lastAccrual = block.timestamp;
        if (interest == 0 && index == borrowIndex) return;
        uint256 toReserves = (interest * reserveFactorBps) / BPS;
        borrowIndex = index;
        reserves += toReserves;
        emit InterestAccrued(interest, toReserves, index);
    }

    /// @dev The index as of now and the interest it adds to the total debt since the last accrual.
    function _pendingIndex() private view returns (uint256 index, uint256 interest) {
        index = borrowIndex;
        uint256 elapsed = block.timestamp - lastAccrual;
        if (elapsed == 0 || totalScaledDebt == 0) return (index, 0);
        uint256 debtBefore = _toDebt(totalScaledDebt, index);
        uint256 rate = borrowRateAt(_utilization(debtBefore));
        index += index.mulDiv(rate * elapsed, SECONDS_PER_YEAR * WAD);
        interest = _toDebt(totalScaledDebt, index) - debtBefore;
    }

    function _toDebt(uint256 scaled, uint256 index) private pure returns (uint256) {
        return scaled.mulDiv(index, RAY, Math.Rounding.Ceil);
    }

    function _mintDebt(address account, uint256 amount) private {
        uint256 scaled = amount.mulDiv(RAY, borrowIndex, Math.Rounding.Ceil);
        scaledDebtOf[account] += scaled;
        totalScaledDebt += scaled;
    }

    /// @dev Burns up to `amount` of debt; returns what was repaid (at most the debt).
    function _burnDebt(address account, uint256 amount) private returns (uint256 repaid) {
        uint256 scaled = scaledDebtOf[account];
        if (scaled == 0) revert NoDebt(account);
        uint256 debt = _toDebt(scaled, borrowIndex);
        uint256 burn;
        if (amount >= debt) {
            (repaid, burn) = (debt, scaled);
        } else {
            (repaid, burn) = (amount, amount.mulDiv(RAY, borrowIndex, Math.Rounding.Floor));
        }
        scaledDebtOf[account] = scaled - burn;
        totalScaledDebt -= burn;
    }

    function _utilization(uint256 debt) private view returns (uint256) {
        uint256 total = cash + debt;
        return total == 0 ? 0 : debt.mulDiv(WAD, total);
    }

    /// @notice Borrow rate per year (WAD) at utilisation `u` (WAD), from the kink model.
    function borrowRateAt(uint256 u) public view returns (uint256) {
        RateModel memory m = rateModel;
        if (u > WAD) u = WAD;
        if (u <= m.optimalUtilization) return m.baseRate + (uint256(m.slope1) * u) / m.optimalUtilization;
        return m.baseRate + m.slope1 + (uint256(m.slope2) * (u - m.optimalUtilization)) / (WAD - m.optimalUtilization);
    }

    // ------------------------------------------------------------------------------------------------
    // views

    /// @notice The borrow index including interest not yet accrued.
    function currentBorrowIndex() public view returns (uint256 index) {
        (index, ) = _pendingIndex();
    }

    /// @notice Total debt owed to the pool, interest included.
    function totalDebt() public view returns (uint256) {
        return _toDebt(totalScaledDebt, currentBorrowIndex());
    }

    /// @notice WETH the lenders own: cash + in-flight + debt - reserves (interest included).
    function totalAssets() public view returns (uint256) {
        (uint256 index, uint256 interest) = _pendingIndex();
        uint256 gross = cash + inFlight + _toDebt(totalScaledDebt, index);
        uint256 res = reserves + (interest * reserveFactorBps) / BPS;
        return gross > res ? gross - res : 0;
    }

    /// @notice WETH a lender's shares are worth now.
    function lenderAssetsOf(address lender) external view returns (uint256) {
        return lenderSharesOf[lender].mulDiv(totalAssets() + 1, totalLenderShares + 1, Math.Rounding.Floor);
    }

    function debtOf(address account) public view returns (uint256) {
        return _toDebt(scaledDebtOf[account], currentBorrowIndex());
    }

    /// @notice Debt / (cash + debt), WAD.
    function utilization() public view returns (uint256) {
        return _utilization(totalDebt());
    }

    /// @notice Current borrow rate per year (WAD).
    function borrowRate() external view returns (uint256) {
        return borrowRateAt(utilization());
    }

    /// @notice Current supply rate per year (WAD): borrow rate * utilisation * (1 - reserve factor).
    function supplyRate() external view returns (uint256) {
        uint256 u = utilization();
        return (borrowRateAt(u).mulDiv(u, WAD) * (BPS - reserveFactorBps)) / BPS;
    }

    /// @notice Collateral value, LTV borrow limit, liquidation value, debt and health factor of `account`.
    function accountData(address account) public view returns (AccountData memory d) {
        uint256 n = _collateralTokens.length;
        for (uint256 i; i < n; ++i) {
            address token = _collateralTokens[i];
            uint256 shares = collateralOf[account][token];
            if (shares == 0) continue;
            CollateralConfig storage cfg = _collateralConfigs[token];
            uint256 value = IERC4626(token).convertToAssets(shares);
            d.collateralValue += value;
            d.liquidationValue += (value * cfg.liquidationThresholdBps) / BPS;
            if (cfg.enabled) d.borrowLimit += (value * cfg.ltvBps) / BPS;
        }
        d.debt = debtOf(account);
        d.healthFactor = d.debt == 0 ? type(uint256).max : d.liquidationValue.mulDiv(WAD, d.debt);
    }

    /// @notice Health factor (WAD, 1e18 = 1): liquidation-threshold-weighted collateral / debt.
    function healthFactor(address account) external view returns (uint256) {
        return accountData(account).healthFactor;
    }

    /// @notice WETH `account` can still borrow under its LTV limit (ignoring pool liquidity).
    function availableToBorrow(address account) external view returns (uint256) {
        AccountData memory d = accountData(account);
        return d.borrowLimit > d.debt ? d.borrowLimit - d.debt : 0;
    }

    function collateralConfig(address token) external view returns (CollateralConfig memory) {
        return _collateralConfigs[token];
    }

    function collateralTokens() external view returns (address[] memory) {
        return _collateralTokens;
    }

    function _requireAuthorized(address account) private view {
        if (msg.sender != account && !isDelegate[account][msg.sender]) revert NotAuthorized(msg.sender, account);
    }

    function _requireWithinLimit(address account) private view {
        if (scaledDebtOf[account] == 0) return;
        AccountData memory d = accountData(account);
        if (d.debt > d.borrowLimit) revert BorrowLimitExceeded(account, d.debt, d.borrowLimit);
    }

    function _sendEth(address payable to, uint256 amount) private {
        weth.withdraw(amount);
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert EthTransferFailed();
    }

    // ------------------------------------------------------------------------------------------------
    // admin

    /// @notice List or update an LST as collateral. The LST must be an ERC-4626 vault over this pool's
    ///         WETH (its exchange rate is the price). Requires ltv < threshold, threshold * (1 + bonus) < 1
    ///         (a liquidation must reduce the debt by more than its health cost) and
    ///         threshold * (1 + bonus / 2) <= 0.95 (a 50% liquidation leaves collateral above the debt).
    function setCollateralConfig(
        address token,
        uint16 ltvBps,
        uint16 liquidationThresholdBps,
        uint16 liquidationBonusBps,
        uint256 supplyCap,
        bool enabled
    ) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (token == address(0)) revert ZeroAddress();
        address asset = IERC4626(token).asset();
        if (asset != address(weth)) revert CollateralAssetMismatch(token, asset);
        uint256 lt = liquidationThresholdBps;
        if (
            ltvBps == 0 ||
            ltvBps >= lt ||
            liquidationBonusBps > MAX_LIQUIDATION_BONUS_BPS ||
            lt * (BPS + liquidationBonusBps) >= BPS * BPS ||
            lt * (2 * BPS + liquidationBonusBps) > (2 * BPS * FULL_LIQUIDATION_HF * BPS) / WAD
        ) revert InvalidCollateralConfig(ltvBps, liquidationThresholdBps, liquidationBonusBps);
        _accrue();
        CollateralConfig storage cfg = _collateralConfigs[token];
        if (!cfg.listed) {
            if (_collateralTokens.length >= MAX_COLLATERALS) revert TooManyCollaterals();
            _collateralTokens.push(token);
            cfg.listed = true;
        }
        cfg.enabled = enabled;
        cfg.ltvBps = ltvBps;
        cfg.liquidationThresholdBps = liquidationThresholdBps;
        cfg.liquidationBonusBps = liquidationBonusBps;
        cfg.supplyCap = supplyCap;
        emit CollateralConfigured(token, ltvBps, liquidationThresholdBps, liquidationBonusBps, supplyCap, enabled);
    }

    /// @notice Replace the interest-rate model (interest so far accrues at the old one).
    function setRateModel(RateModel calldata m) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _accrue();
        _setRateModel(m);
    }

    function _setRateModel(RateModel memory m) private {
        if (
            m.optimalUtilization == 0 ||
            m.optimalUtilization >= WAD ||
            uint256(m.baseRate) + m.slope1 + m.slope2 > MAX_BORROW_RATE
        ) revert InvalidRateModel();
        rateModel = m;
        emit RateModelUpdated(m.baseRate, m.slope1, m.slope2, m.optimalUtilization);
    }

    function setReserveFactor(uint256 bps) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _accrue();
        _setReserveFactor(bps);
    }

    function _setReserveFactor(uint256 bps) private {
        if (bps > MAX_RESERVE_FACTOR_BPS) revert InvalidReserveFactor(bps);
        emit ReserveFactorUpdated(reserveFactorBps, bps);
        reserveFactorBps = bps;
    }

    /// @notice Take protocol reserves out (only what is in cash; lenders' WETH is never touched).
    function withdrawReserves(uint256 amount, address to) external onlyRole(DEFAULT_ADMIN_ROLE) nonReentrant {
        if (amount == 0) revert ZeroAmount();
        if (to == address(0)) revert ZeroAddress();
        _accrue();
        if (amount > reserves) revert InsufficientReserves(amount, reserves);
        if (amount > cash) revert InsufficientLiquidity(amount, cash);
        reserves -= amount;
        cash -= amount;
        emit ReservesWithdrawn(to, amount);
        weth.safeTransfer(to, amount);
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AggregatorV3Interface} from "./interfaces/AggregatorV3Interface.sol";
import {XQBUSD} from "../minting/XQBUSD.sol";

/// @title TreasuryVault: collateralised positions that mint and burn XQBUSD.
/// @notice Every account has one position: ETH collateral (native), USDC collateral (priced at $1) and an
///         XQBUSD debt. Debt may only be created while the position's collateral is worth at least 150% of
///         it, collateral may only leave while that stays true, and anyone may liquidate a position whose
///         ratio falls below 130%, repaying part or all of its debt and taking that value plus a 5% bonus
///         out of its collateral. ETH is priced by a Chainlink ETH/USD feed; a stale or non-positive price
///         stops every operation that needs it.
///
///         The ETH minter (XQBMinter, MINTER_ROLE here) deposits through depositEthAndMintFor: its ETH is
///         collateral of the minter's own position and the XQBUSD minted for it is exactly the deposit's
///         value / 1.5 (1 ETH at $3,000 -> 2,000 XQBUSD). That position has no owner who could withdraw: the
///         minter contract has no withdraw function, so the ETH stays here until a liquidation takes it.
///
/// @dev Why there is no `redeem` (burn XQBUSD for collateral at the oracle price): redemption has to take
///      collateral out of someone's position, and choosing whose is the hard part (Liquity sorts troves by
///      ratio and redeems against the riskiest first). Redeeming against an arbitrary position would let
///      anyone force-close a healthy borrower. Liquidation below 130% plus the 150% mint rule already keep
///      every unit of XQBUSD over-collateralised; a redemption queue is left for a later issue.
///
///      Pausing (PAUSER_ROLE) stops deposits, mints and withdrawals, which are the ways in and out during an
///      incident. Repay and liquidate stay open on purpose: they only reduce debt, and blocking them while
///      paused would let positions sink below 100% with nobody allowed to rescue them.
///
///      Gas: a position is one storage slot (uint96 wei, uint64 USDC units, uint96 XQBUSD: 79 billion ETH,
///      18 trillion USDC, 79 billion XQBUSD; SafeCast reverts beyond), and there are no stored totals: every
///      unit of XQBUSD is minted and burned here against a position's debt, so the XQBUSD supply is the total
///      debt, and the ETH and USDC the vault holds are the total collateral. Each user operation therefore
///      writes one slot of the vault, not three or four. The reentrancy guard lives in transient storage.
contract TreasuryVault is AccessControl, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20Metadata;
    using SafeCast for uint256;

    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    /// @notice May call depositEthAndMintFor (the XQBMinter contract).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    uint256 public constant BPS = 10_000;
    /// @notice 150%: minimum ratio after a mint or a withdrawal.
    uint256 public constant MIN_COLLATERAL_RATIO_BPS = 15_000;
    /// @notice 130%: below it a position may be liquidated.
    uint256 public constant LIQUIDATION_RATIO_BPS = 13_000;
    /// @notice 5%: what a liquidator receives on top of the value it repaid.
    uint256 public constant LIQUIDATION_BONUS_BPS = 500;

    XQBUSD public immutable xqbusd;
    IERC20Metadata public immutable usdc;
    AggregatorV3Interface public immutable priceFeed;
    /// @notice 10 ** feed decimals (Chainlink USD feeds: 10^8).
    uint256 public immutable priceScale;
    /// @notice Multiplies a USDC amount into an 18-decimal USD value (10^12 for 6-decimal USDC).
    uint256 public immutable usdcToUsd;

    /// @notice Oldest price (seconds since the feed's updatedAt) the vault accepts.
    /// @dev uint64 and declared first, so it shares a slot with Pausable's flag: the pause check and the
    ///      price-age check of a mint read one slot.
    uint64 public maxPriceAge;

    /// @dev One slot. Amounts are widened to uint256 for arithmetic and narrowed (checked) on the way back.
    struct Position {
        uint96 ethCollateral; // wei
        uint64 usdcCollateral; // USDC base units
        uint96 debt; // XQBUSD, 18 decimals
    }

    /// @notice What positionOf returns: the position, its USD value (18 decimals) and its state.
    struct PositionView {
        uint256 ethCollateral;
        uint256 usdcCollateral;
        uint256 collateralValueUsd;
        uint256 debt;
        /// @dev type(uint256).max when there is no debt.
        uint256 collateralRatioBps;
        /// @dev ratio >= 150%: may mint up to maxMintable and withdraw.
        bool healthy;
        /// @dev ratio < 130%.
        bool liquidatable;
        uint256 maxMintable;
    }

    mapping(address => Position) private _positions;

    /// @notice `account`'s position gained `amount` wei of ETH collateral.
    event EthDeposited(address indexed account, uint256 amount);
    /// @notice `account`'s position gained `amount` USDC (6 decimals) of collateral.
    event UsdcDeposited(address indexed account, uint256 amount);
    /// @notice `account`'s debt grew by `amount`, minted to `recipient` (itself, or the ETH minter's recipient).
    event XqbusdMinted(address indexed account, address indexed recipient, uint256 amount);
    /// @notice `account` burned `amount` XQBUSD against its own debt.
    event Repaid(address indexed account, uint256 amount);
    /// @notice `amount` wei of `account`'s ETH collateral was sent back to it.
    event EthWithdrawn(address indexed account, uint256 amount);
    /// @notice `amount` USDC of `account`'s collateral was sent back to it.
    event UsdcWithdrawn(address indexed account, uint256 amount);
    /// @notice `liquidator` burned `repaid` XQBUSD of `account`'s debt and received the seized collateral.
    event Liquidated(
        address indexed account,
        address indexed liquidator,
        uint256 repaid,
        uint256 ethSeized,
        uint256 usdcSeized
    );
    /// @notice The admin changed how old a price may be.
    event MaxPriceAgeUpdated(uint256 oldMaxAge, uint256 newMaxAge);

    error ZeroAddress();
    error ZeroAmount();
    error InvalidConfig();
    error InvalidRatio();
    /// @param ratioBps The position's ratio after the operation.
    error CollateralRatioTooLow(uint256 ratioBps, uint256 minimumBps);
    error RepayExceedsDebt(uint256 amount, uint256 debt);
    error InsufficientCollateral(uint256 requested, uint256 available);
    error PositionNotLiquidatable(uint256 ratioBps, uint256 thresholdBps);
    error StalePrice(uint256 updatedAt, uint256 maxPriceAge);
    error NonPositivePrice(int256 answer);
    error EthTransferFailed(address to, uint256 amount);

    /// @param admin DEFAULT_ADMIN_ROLE and PAUSER_ROLE (hand both to the multisig later).
    /// @param maxPriceAge_ Oldest accepted price, in seconds (Sepolia ETH/USD updates at least hourly).
    constructor(
        address admin,
        XQBUSD xqbusd_,
        IERC20Metadata usdc_,
        AggregatorV3Interface priceFeed_,
        uint256 maxPriceAge_
    ) {
        if (
            admin == address(0) || address(xqbusd_) == address(0) || address(usdc_) == address(0)
                || address(priceFeed_) == address(0)
        ) revert ZeroAddress();
        uint8 feedDecimals = priceFeed_.decimals();
        uint8 usdcDecimals = usdc_.decimals();
        if (maxPriceAge_ == 0 || feedDecimals > 18 || usdcDecimals > 18) revert InvalidConfig();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        xqbusd = xqbusd_;
        usdc = usdc_;
        priceFeed = priceFeed_;
        priceScale = 10 ** feedDecimals;
        usdcToUsd = 10 ** (18 - usdcDecimals);
        maxPriceAge = maxPriceAge_.toUint64();
    }

    /// @dev Plain ETH transfers would be collateral of nobody; they are refused (no receive/fallback).

    // ------------------------------------------------------------------------------------------------
    // positions

    /// @notice Adds msg.value to the caller's ETH collateral.
    function depositEth() external payable whenNotPaused nonReentrant {
        if (msg.value == 0) revert ZeroAmount();
        Position storage p = _positions[msg.sender];
        p.ethCollateral = (p.ethCollateral + msg.value).toUint96();
        emit EthDeposited(msg.sender, msg.value);
    }

    /// @notice Pulls `amount` USDC (approve first) into the caller's collateral.
    function depositUsdc(uint256 amount) external whenNotPaused nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Position storage p = _positions[msg.sender];
        p.usdcCollateral = (p.usdcCollateral + amount).toUint64();
        emit UsdcDeposited(msg.sender, amount);
        usdc.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Mints `amount` XQBUSD to the caller against its position; the ratio must stay >= 150%.
    function mintXqbusd(uint256 amount) external whenNotPaused nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Position memory p = _positions[msg.sender];
        p.debt = (p.debt + amount).toUint96();
        _requireMinRatio(p);
        _positions[msg.sender].debt = p.debt;
        emit XqbusdMinted(msg.sender, msg.sender, amount);
        xqbusd.mint(msg.sender, amount);
    }

    /// @notice Burns `amount` of the caller's XQBUSD against its own debt. Open while paused.
    function repay(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Position storage p = _positions[msg.sender];
        uint256 debt = p.debt;
        if (amount > debt) revert RepayExceedsDebt(amount, debt);
        p.debt = uint96(debt - amount);
        emit Repaid(msg.sender, amount);
        xqbusd.burn(msg.sender, amount);
    }

    /// @notice Sends `amount` wei of the caller's ETH collateral back; the ratio must stay >= 150%.
    function withdrawEth(uint256 amount) external whenNotPaused nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Position memory p = _positions[msg.sender];
        if (amount > p.ethCollateral) revert InsufficientCollateral(amount, p.ethCollateral);
        p.ethCollateral = uint96(p.ethCollateral - amount);
        _requireMinRatio(p);
        _positions[msg.sender].ethCollateral = p.ethCollateral;
        emit EthWithdrawn(msg.sender, amount);
        _sendEth(msg.sender, amount);
    }

    /// @notice Sends `amount` of the caller's USDC collateral back; the ratio must stay >= 150%.
    function withdrawUsdc(uint256 amount) external whenNotPaused nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Position memory p = _positions[msg.sender];
        if (amount > p.usdcCollateral) revert InsufficientCollateral(amount, p.usdcCollateral);
        p.usdcCollateral = uint64(p.usdcCollateral - amount);
        _requireMinRatio(p);
        _positions[msg.sender].usdcCollateral = p.usdcCollateral;
        emit UsdcWithdrawn(msg.sender, amount);
        usdc.safeTransfer(msg.sender, amount);
    }

    /// @notice Repays `repayAmount` of `account`'s debt with the caller's XQBUSD, when `account` is below
    ///         130%, and pays the caller that value plus 5% in collateral at the oracle price: ETH first
    ///         (the volatile part, so the position's price risk shrinks), then USDC. If the collateral is
    ///         worth less than repaid + 5%, the caller gets all of it and the rest of the debt stays as bad
    ///         debt, visible in systemCollateralRatioBps. Open while paused.
    /// @return ethSeized Wei sent to the caller.
    /// @return usdcSeized USDC sent to the caller.
    function liquidate(address account, uint256 repayAmount)
        external
        nonReentrant
        returns (uint256 ethSeized, uint256 usdcSeized)
    {
        if (repayAmount == 0) revert ZeroAmount();
        Position memory p = _positions[account];
        uint256 price = _ethPrice(); // liquidations always need a fresh price
        uint256 ratio = _ratioBps(_valueAt(p, price), p.debt);
        if (ratio >= LIQUIDATION_RATIO_BPS) revert PositionNotLiquidatable(ratio, LIQUIDATION_RATIO_BPS);
        if (repayAmount > p.debt) revert RepayExceedsDebt(repayAmount, p.debt);

        uint256 seizeUsd = (repayAmount * (BPS + LIQUIDATION_BONUS_BPS)) / BPS;
        uint256 ethValue = (uint256(p.ethCollateral) * price) / priceScale;
        if (seizeUsd <= ethValue) {
            ethSeized = (seizeUsd * priceScale) / price; // rounds down, in the position's favour
        } else {
            ethSeized = p.ethCollateral;
            usdcSeized = (seizeUsd - ethValue) / usdcToUsd;
            if (usdcSeized > p.usdcCollateral) usdcSeized = p.usdcCollateral;
        }

        // every amount is at most the field it is taken from, so the narrowing casts are exact
        _positions[account] = Position({
            ethCollateral: uint96(p.ethCollateral - ethSeized),
            usdcCollateral: uint64(p.usdcCollateral - usdcSeized),
            debt: uint96(p.debt - repayAmount)
        });
        emit Liquidated(account, msg.sender, repayAmount, ethSeized, usdcSeized);

        xqbusd.burn(msg.sender, repayAmount);
        if (usdcSeized > 0) usdc.safeTransfer(msg.sender, usdcSeized);
        if (ethSeized > 0) _sendEth(msg.sender, ethSeized);
    }

    /// @notice For the ETH minter: credits msg.value to the caller's (the minter's) position and mints the
    ///         deposit's value / 1.5 in XQBUSD to `recipient`.
    /// @dev Each deposit is minted at exactly 150% of its own value, so it never lowers the position's ratio
    ///      below 150%; if the price fell and the position sits below 150%, the deposit moves it back toward
    ///      150% rather than being refused.
    /// @return minted XQBUSD sent to `recipient` (quoteEthMint(msg.value)).
    function depositEthAndMintFor(address recipient)
        external
        payable
        onlyRole(MINTER_ROLE)
        whenNotPaused
        nonReentrant
        returns (uint256 minted)
    {
        if (msg.value == 0) revert ZeroAmount();
        if (recipient == address(0)) revert ZeroAddress();
        minted = _quoteEthMint(msg.value, _ethPrice());
        Position storage p = _positions[msg.sender];
        (uint256 eth, uint256 debt) = (p.ethCollateral, p.debt);
        (p.ethCollateral, p.debt) = ((eth + msg.value).toUint96(), (debt + minted).toUint96());
        emit EthDeposited(msg.sender, msg.value);
        emit XqbusdMinted(msg.sender, recipient, minted);
        if (minted > 0) xqbusd.mint(recipient, minted);
    }

    // ------------------------------------------------------------------------------------------------
    // admin

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function setMaxPriceAge(uint256 newMaxAge) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newMaxAge == 0) revert InvalidConfig();
        emit MaxPriceAgeUpdated(maxPriceAge, newMaxAge);
        maxPriceAge = newMaxAge.toUint64();
    }

    // ------------------------------------------------------------------------------------------------
    // views

    /// @notice ETH/USD from the feed, in the feed's decimals (10^8 = $1 for Chainlink); reverts when the
    ///         answer is stale or not positive.
    function ethUsdPrice() external view returns (uint256) {
        return _ethPrice();
    }

    /// @notice The most XQBUSD `weiIn` backs at exactly 150%: floor(wei * price / (10^dec * 1.5)).
    function quoteEthMint(uint256 weiIn) external view returns (uint256) {
        return _quoteEthMint(weiIn, _ethPrice());
    }

    /// @notice Wei held as collateral: the vault's ETH balance. Only deposits bring ETH in (there is no
    ///         receive function); ETH forced in by a selfdestruct would count too, as collateral of nobody.
    function totalEthCollateral() public view returns (uint256) {
        return address(this).balance;
    }

    /// @notice USDC held as collateral: the vault's USDC balance (a plain transfer in counts, as above).
    function totalUsdcCollateral() public view returns (uint256) {
        return usdc.balanceOf(address(this));
    }

    /// @notice The sum of every position's debt: the XQBUSD supply, since only this vault mints and burns
    ///         it, each time against a position's debt.
    function totalDebt() external view returns (uint256) {
        return xqbusdSupply();
    }

    /// @notice USD value (18 decimals) of all collateral held.
    function totalCollateralValue() public view returns (uint256) {
        uint256 value = totalUsdcCollateral() * usdcToUsd;
        uint256 eth = totalEthCollateral();
        if (eth > 0) value += (eth * _ethPrice()) / priceScale;
        return value;
    }

    /// @notice XQBUSD in circulation (every unit was minted by this vault).
    function xqbusdSupply() public view returns (uint256) {
        return xqbusd.totalSupply();
    }

    /// @notice All collateral over all XQBUSD, in basis points; type(uint256).max when none is minted.
    function systemCollateralRatioBps() external view returns (uint256) {
        return _ratioBps(totalCollateralValue(), xqbusdSupply());
    }

    /// @notice The spec's capacity calculator: how much XQBUSD `collateralUsd` backs at `ratioBps`
    ///         (15,000 = 150%). Same units in and out.
    function capacityAt(uint256 collateralUsd, uint256 ratioBps) external pure returns (uint256) {
        if (ratioBps == 0) revert InvalidRatio();
        return (collateralUsd * BPS) / ratioBps;
    }

    /// @notice A position with its USD value, ratio and state. Needs a fresh price only if it holds ETH.
    function positionOf(address account) external view returns (PositionView memory v) {
        Position memory p = _positions[account];
        uint256 value = _value(p);
        v.ethCollateral = p.ethCollateral;
        v.usdcCollateral = p.usdcCollateral;
        v.collateralValueUsd = value;
        v.debt = p.debt;
        v.collateralRatioBps = _ratioBps(value, p.debt);
        v.healthy = v.collateralRatioBps >= MIN_COLLATERAL_RATIO_BPS;
        v.liquidatable = v.collateralRatioBps < LIQUIDATION_RATIO_BPS;
        uint256 capacity = (value * BPS) / MIN_COLLATERAL_RATIO_BPS; // debt is widened by the comparison
        v.maxMintable = capacity > p.debt ? capacity - p.debt : 0;
    }

    // ------------------------------------------------------------------------------------------------
    // internals

    function _ethPrice() internal view returns (uint256) {
        (, int256 answer,, uint256 updatedAt,) = priceFeed.latestRoundData();
        if (answer <= 0) revert NonPositivePrice(answer);
        // a timestamp in the future is not stale; one more than maxPriceAge in the past is
        if (updatedAt == 0 || (block.timestamp > updatedAt && block.timestamp - updatedAt > maxPriceAge)) {
            revert StalePrice(updatedAt, maxPriceAge);
        }
        return uint256(answer);
    }

    function _quoteEthMint(uint256 weiIn, uint256 price) internal view returns (uint256) {
        // one division, so the result is the exact floor (the minter's quote and the API mirror this)
        return (weiIn * price * BPS) / (priceScale * MIN_COLLATERAL_RATIO_BPS);
    }

    /// @dev Reads the price only when the position holds ETH, so USDC-only positions work without it.
    function _value(Position memory p) internal view returns (uint256) {
        if (p.ethCollateral == 0) return uint256(p.usdcCollateral) * usdcToUsd;
        return _valueAt(p, _ethPrice());
    }

    function _valueAt(Position memory p, uint256 price) internal view returns (uint256) {
        return uint256(p.usdcCollateral) * usdcToUsd + (uint256(p.ethCollateral) * price) / priceScale;
    }

    function _ratioBps(uint256 value, uint256 debt) internal pure returns (uint256) {
        if (debt == 0) return type(uint256).max;
        return (value * BPS) / debt;
    }

    /// @dev value * 10,000 >= debt * 15,000, compared without division; no debt needs no price.
    function _requireMinRatio(Position memory p) internal view {
        if (p.debt == 0) return;
        uint256 value = _value(p);
        if (value * BPS < uint256(p.debt) * MIN_COLLATERAL_RATIO_BPS) {
            revert CollateralRatioTooLow(_ratioBps(value, p.debt), MIN_COLLATERAL_RATIO_BPS);
        }
    }

    function _sendEth(address to, uint256 amount) internal {
        (bool ok,) = payable(to).call{value: amount}("");
        if (!ok) revert EthTransferFailed(to, amount);
    }
}

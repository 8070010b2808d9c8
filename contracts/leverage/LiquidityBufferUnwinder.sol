// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ILeverageWETH, ILeverageLST, ILeverageUnwinder, ILeverageQueuedLST} from "./ILeverage.sol";

/// @title Instant exit for queue-only liquid-staking pools, paid from a WETH buffer.
/// @notice {LeverageRouter.closePosition} sells a position's LST shares through {unwind}: this contract pays
///         the router WETH at once, at the pool's exchange rate (`convertToAssets`) less `feeBps`, and puts the
///         shares it bought into the pool's withdrawal queue (`requestWithdrawal`). After the pool's delay
///         (1/3/7 days) anyone calls {claimMatured} and the WETH flows back into the buffer, fee included.
///
///         Where the value is, at any moment: `liquidBuffer()` (WETH held, available to unwinds) and
///         `totalPending` (WETH locked in the pools' queues for this contract's requests);
///         `bufferValue()` is their sum. Each unwind moves `wethOut` out of the liquid part and `assets`
///         (= wethOut + fee) into the pending part, so the buffer grows by the fee.
///
/// @dev Design choices:
///      - The price is the pool's own redemption rate, the same number the pool locks in `requestWithdrawal`
///        in the same transaction, so the buffer never takes price risk on the queue; the pools use internal
///        accounting, so a donation cannot move that rate. The fee pays for the buffer's time in the queue.
///      - Only ROUTER_ROLE may call {unwind}, and only for pools the admin listed (WETH-denominated,
///        checked at listing): a pool that reported any rate it liked could otherwise drain the buffer.
///      - A buffer too small for an unwind reverts `InsufficientBufferLiquidity(available, needed)`, so
///        `closePosition` fails cleanly with the reason instead of paying part. A paused staking pool (no new
///        requests) reverts `PoolPaused(pool)` up front.
///      - Pause (PAUSER_ROLE) stops {unwind} only. Claims keep working (they only bring WETH home), and
///        so do funding and the admin's withdrawal of liquid WETH.
///      - Pending requests are tracked per pool (an id list with O(1) removal) so keepers can find the matured
///        ones with {claimableRequests}; a delisted pool's requests can still be claimed.
contract LiquidityBufferUnwinder is ILeverageUnwinder, AccessControl, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeERC20 for ILeverageWETH;

    bytes32 public constant ROUTER_ROLE = keccak256("ROUTER_ROLE");
    bytes32 public constant KEEPER_ROLE = keccak256("KEEPER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    uint256 public constant BPS = 10_000;
    /// @notice Highest fee the admin can set: 1%.
    uint256 public constant MAX_FEE_BPS = 100;

    /// @dev One slot: WETH owed by the pool, when it can be claimed, and the index + 1 in `_openIds[pool]`.
    struct PendingClaim {
        uint128 assets;
        uint64 claimableAt;
        uint64 slot;
    }

    ILeverageWETH public immutable weth;
    /// @notice Fee kept on each unwind, in basis points of the shares' value.
    uint256 public feeBps;
    /// @notice Pools {unwind} buys shares of.
    mapping(address pool => bool) public isPool;
    /// @notice WETH this contract will claim from `pool`'s queue (requests made, not yet claimed).
    mapping(address pool => uint256) public pendingOf;
    /// @notice WETH owed to this contract by all pools' queues.
    uint256 public totalPending;
    /// @notice Fees kept so far (WETH, counted when the shares are bought).
    uint256 public totalFees;

    mapping(address pool => mapping(uint256 requestId => PendingClaim)) private _pending;
    mapping(address pool => uint256[]) private _openIds;

    event BufferFunded(address indexed funder, uint256 amount, bool asEth, uint256 liquid);
    event BufferWithdrawn(address indexed to, uint256 amount, bool asEth, uint256 liquid);
    event Unwound(
        address indexed router,
        address indexed pool,
        uint256 indexed requestId,
        address receiver,
        uint256 shares,
        uint256 assets,
        uint256 wethOut,
        uint256 fee,
        uint256 claimableAt
    );
    event Claimed(address indexed pool, uint256 indexed requestId, address indexed caller, uint256 assets);
    event FeeUpdated(uint256 oldFeeBps, uint256 newFeeBps);
    event PoolSet(address indexed pool, bool supported);

    error ZeroAddress();
    error ZeroAmount();
    error FeeTooHigh(uint256 feeBps, uint256 maxFeeBps);
    error PoolAssetMismatch(address pool, address asset);
    error UnsupportedPool(address pool);
    error PoolPaused(address pool);
    error InsufficientBufferLiquidity(uint256 available, uint256 needed);
    error UnknownClaim(address pool, uint256 requestId);
    error ClaimNotMatured(address pool, uint256 requestId, uint256 claimableAt);
    error ClaimShortfall(address pool, uint256 requestId, uint256 expected, uint256 received);
    error UnexpectedEthSender(address sender);
    error EthTransferFailed(address to, uint256 amount);

    /// @param admin gets DEFAULT_ADMIN_ROLE, PAUSER_ROLE and KEEPER_ROLE (later a multisig / a keeper).
    /// @param weth_ the WETH the pools hold and the router is paid in.
    /// @param routers get ROUTER_ROLE (may call {unwind}).
    /// @param pools listed at once (each must be an ERC-4626 vault over `weth_`).
    /// @param feeBps_ initial fee, at most MAX_FEE_BPS.
    constructor(
        address admin,
        ILeverageWETH weth_,
        address[] memory routers,
        address[] memory pools,
        uint256 feeBps_
    ) {
        if (admin == address(0) || address(weth_) == address(0)) revert ZeroAddress();
        weth = weth_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(KEEPER_ROLE, admin);
        for (uint256 i; i < routers.length; ++i) {
            if (routers[i] == address(0)) revert ZeroAddress();
            _grantRole(ROUTER_ROLE, routers[i]);
        }
        for (uint256 i; i < pools.length; ++i) _setPool(pools[i], true);
        _setFee(feeBps_);
    }

    /// @dev ETH arrives only from unwrapping WETH ({withdrawBufferEth}); fund with {fundBuffer}.
    receive() external payable {
        if (msg.sender != address(weth)) revert UnexpectedEthSender(msg.sender);
    }

    // ------------------------------------------------------------------------------------------------
    // the instant exit (ROUTER_ROLE)

    /// @inheritdoc ILeverageUnwinder
    /// @notice Buys `shares` of `lst` (pulled from the caller) for `convertToAssets(shares) x (1 - fee)` WETH
    ///         paid to `receiver`, and queues the shares in the pool's withdrawal queue for this contract.
    function unwind(
        ILeverageLST lst,
        uint256 shares,
        address receiver
    ) external nonReentrant whenNotPaused onlyRole(ROUTER_ROLE) returns (uint256 wethOut) {
        address pool = address(lst);
        if (!isPool[pool]) revert UnsupportedPool(pool);
        if (shares == 0) revert ZeroAmount();
        if (receiver == address(0)) revert ZeroAddress();
        if (ILeverageQueuedLST(pool).paused()) revert PoolPaused(pool);
        uint256 fee;
        (wethOut, fee) = quote(lst, shares);
        uint256 liquid = weth.balanceOf(address(this));
        if (wethOut > liquid) revert InsufficientBufferLiquidity(liquid, wethOut);

        IERC20(pool).safeTransferFrom(msg.sender, address(this), shares);
        uint256 requestId = ILeverageQueuedLST(pool).requestWithdrawal(shares);
        ILeverageQueuedLST.WithdrawalRequest memory r = ILeverageQueuedLST(pool).getWithdrawalRequest(requestId);
        // r.assets is what the pool locked for the same shares in the same block: wethOut + fee
        uint256[] storage ids = _openIds[pool];
        ids.push(requestId);
        _pending[pool][requestId] = PendingClaim({
            assets: SafeCast.toUint128(r.assets),
            claimableAt: r.claimableAt,
            slot: SafeCast.toUint64(ids.length)
        });
        pendingOf[pool] += r.assets;
        totalPending += r.assets;
        totalFees += fee;

        if (wethOut > 0) weth.safeTransfer(receiver, wethOut);
        emit Unwound(msg.sender, pool, requestId, receiver, shares, r.assets, wethOut, fee, r.claimableAt);
    }

    // ------------------------------------------------------------------------------------------------
    // refilling (anyone)

    /// @notice Claims matured withdrawal requests of `pool` back into the buffer (WETH). Anyone may call;
    ///         works while paused. Reverts UnknownClaim for an id this contract is not waiting for (never
    ///         made, or already claimed) and ClaimNotMatured before its `claimableAt`.
    /// @return claimed total WETH brought back.
    function claimMatured(address pool, uint256[] calldata requestIds) external nonReentrant returns (uint256 claimed) {
        if (requestIds.length == 0) revert ZeroAmount();
        for (uint256 i; i < requestIds.length; ++i) {
            uint256 id = requestIds[i];
            PendingClaim memory c = _pending[pool][id];
            if (c.slot == 0) revert UnknownClaim(pool, id);
            if (block.timestamp < c.claimableAt) revert ClaimNotMatured(pool, id, c.claimableAt);
            _removeOpen(pool, c.slot);
            delete _pending[pool][id];
            pendingOf[pool] -= c.assets;
            totalPending -= c.assets;

            uint256 before = weth.balanceOf(address(this));
            ILeverageQueuedLST(pool).claim(id);
            uint256 received = weth.balanceOf(address(this)) - before;
            if (received < c.assets) revert ClaimShortfall(pool, id, c.assets, received);
            claimed += received;
            emit Claimed(pool, id, msg.sender, received);
        }
    }

    // ------------------------------------------------------------------------------------------------
    // buffer (KEEPER_ROLE funds, admin withdraws)

    /// @notice Adds `msg.value` ETH to the buffer (wrapped to WETH).
    function fundBuffer() external payable onlyRole(KEEPER_ROLE) nonReentrant {
        if (msg.value == 0) revert ZeroAmount();
        weth.deposit{value: msg.value}();
        emit BufferFunded(msg.sender, msg.value, true, weth.balanceOf(address(this)));
    }

    /// @notice Pulls `amount` WETH (approved to this contract) from the caller into the buffer.
    function fundBufferWeth(uint256 amount) external onlyRole(KEEPER_ROLE) nonReentrant {
        if (amount == 0) revert ZeroAmount();
        weth.safeTransferFrom(msg.sender, address(this), amount);
        emit BufferFunded(msg.sender, amount, false, weth.balanceOf(address(this)));
    }

    /// @notice Sends `amount` of the liquid WETH to `to`. Pending claims stay until claimed.
    function withdrawBuffer(uint256 amount, address to) external onlyRole(DEFAULT_ADMIN_ROLE) nonReentrant {
        _checkWithdraw(amount, to);
        weth.safeTransfer(to, amount);
        emit BufferWithdrawn(to, amount, false, weth.balanceOf(address(this)));
    }

    /// @notice Sends `amount` of the liquid WETH to `to` as native ETH.
    function withdrawBufferEth(uint256 amount, address payable to) external onlyRole(DEFAULT_ADMIN_ROLE) nonReentrant {
        _checkWithdraw(amount, to);
        weth.withdraw(amount);
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert EthTransferFailed(to, amount);
        emit BufferWithdrawn(to, amount, true, weth.balanceOf(address(this)));
    }

    function _checkWithdraw(uint256 amount, address to) private view {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 liquid = weth.balanceOf(address(this));
        if (amount > liquid) revert InsufficientBufferLiquidity(liquid, amount);
    }

    // ------------------------------------------------------------------------------------------------
    // admin

    /// @notice Sets the fee in basis points (at most MAX_FEE_BPS = 1%).
    function setFee(uint256 newFeeBps) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setFee(newFeeBps);
    }

    /// @notice Lists (true) or delists (false) a pool for {unwind}; a delisted pool's claims still work.
    function setPool(address pool, bool supported) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setPool(pool, supported);
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function _setFee(uint256 newFeeBps) private {
        if (newFeeBps > MAX_FEE_BPS) revert FeeTooHigh(newFeeBps, MAX_FEE_BPS);
        emit FeeUpdated(feeBps, newFeeBps);
        feeBps = newFeeBps;
    }

    function _setPool(address pool, bool supported) private {
        if (pool == address(0)) revert ZeroAddress();
        if (supported) {
            address asset = IERC4626(pool).asset();
            if (asset != address(weth)) revert PoolAssetMismatch(pool, asset);
        }
        isPool[pool] = supported;
        emit PoolSet(pool, supported);
    }

    /// @dev Swap-and-pop of the id at `slot` (index + 1) in `_openIds[pool]`.
    function _removeOpen(address pool, uint64 slot) private {
        uint256[] storage ids = _openIds[pool];
        uint256 last = ids[ids.length - 1];
        if (slot != ids.length) {
            ids[slot - 1] = last;
            _pending[pool][last].slot = slot;
        }
        ids.pop();
    }

    // ------------------------------------------------------------------------------------------------
    // views

    /// @notice What {unwind} pays for `shares` of `lst` now, and the fee it keeps (they sum to the value).
    function quote(ILeverageLST lst, uint256 shares) public view returns (uint256 wethOut, uint256 fee) {
        uint256 value = lst.convertToAssets(shares);
        wethOut = (value * (BPS - feeBps)) / BPS;
        fee = value - wethOut;
    }

    /// @notice WETH available for unwinds now.
    function liquidBuffer() public view returns (uint256) {
        return weth.balanceOf(address(this));
    }

    /// @notice Liquid WETH plus the WETH waiting in the pools' queues for this contract.
    function bufferValue() external view returns (uint256) {
        return liquidBuffer() + totalPending;
    }

    /// @notice Request ids of `pool` this contract has not claimed yet (in no particular order).
    function pendingRequests(address pool) external view returns (uint256[] memory) {
        return _openIds[pool];
    }

    /// @notice WETH owed and claim time of one pending request (both 0 if not pending).
    function pendingClaim(address pool, uint256 requestId) external view returns (uint256 assets, uint256 claimableAt) {
        PendingClaim memory c = _pending[pool][requestId];
        return (c.assets, c.claimableAt);
    }

    /// @notice The pending request ids of `pool` that {claimMatured} accepts now, and their WETH total.
    function claimableRequests(address pool) external view returns (uint256[] memory ids, uint256 assets) {
        uint256[] storage open = _openIds[pool];
        uint256[] memory tmp = new uint256[](open.length);
        uint256 n;
        for (uint256 i; i < open.length; ++i) {
            PendingClaim memory c = _pending[pool][open[i]];
            if (block.timestamp >= c.claimableAt) {
                tmp[n] = open[i];
                ++n;
                assets += c.assets;
            }
        }
        ids = new uint256[](n);
        for (uint256 i; i < n; ++i) ids[i] = tmp[i];
    }
}
